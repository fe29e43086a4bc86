import type { ThemeConfig } from 'antd';

/** Header and primary colour of every route but the data screen (spec-1 section 2). */
export const PRIMARY_COLOR = 'rgb(57,126,240)';

const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'PingFang SC'",
  "'Hiragino Sans GB'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  "'Source Han Sans SC'",
  "'Helvetica Neue'",
  'Arial',
  'sans-serif',
].join(', ');

export const THEME: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR, colorInfo: PRIMARY_COLOR, fontFamily: FONT_FAMILY, borderRadius: 6 },
};
