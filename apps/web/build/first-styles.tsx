/**
 * Prints the antd styles of the components the first screens draw (sign-in, the shell, the home page, the dashboards)
 * in the default theme, as one stylesheet, with antd's map of the styles it holds (`.data-ant-cssinjs-cache-path`).
 *
 * antd computes each component's styles in the browser the first time it draws it: on a phone that was the largest
 * part of the main thread's work before the home page showed (tasks of 50-300 ms under Lighthouse's 4x CPU). With this
 * stylesheet linked in index.html, antd's style registry finds these components in the map and takes their styles as
 * given (it neither computes nor injects them); any other component, and every other theme (a swatch, dark), is
 * computed as before. Run by build/first-styles-plugin.ts in a child process with NODE_ENV=production, so the class
 * names' hash is the one the production bundle computes.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  App,
  Avatar,
  Badge,
  Button,
  Card,
  ConfigProvider,
  Descriptions,
  Dropdown,
  Empty,
  Layout,
  Menu,
  Popconfirm,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { renderToString } from 'react-dom/server';
import { PRIMARY_COLOR, themeFor } from '../src/session/theme';

/**
 * The components of the signed-in first screens (the shell, the home page's welcome and to-do cards, a dashboard's
 * cards): each has its styles in the sheet. The sign-in form, the pickers and the grid are left to the browser: their
 * styles are a third of antd's and the sign-in page already scores 90.
 */
export function FirstScreens() {
  return (
    <Layout>
      <Layout.Sider />
      <Layout>
        <Layout.Header />
        <Layout.Content>
          <Menu mode="inline" items={[{ key: 'a', label: 'a' }]} />
          <Menu mode="horizontal" items={[{ key: 'a', label: 'a' }]} />
          <Button>a</Button>
          <Space>
            <Avatar icon={<span />} />
            <Badge count={1} />
            <Tag>a</Tag>
          </Space>
          <Card title="a">a</Card>
          <Typography.Title>a</Typography.Title>
          <Typography.Text>a</Typography.Text>
          <Descriptions items={[{ key: 'a', label: 'a', children: 'a' }]} />
          <Statistic value={1} />
          <Empty />
          <Skeleton />
          <Spin />
          <Alert title="a" />
          <Dropdown menu={{ items: [] }}>
            <span>a</span>
          </Dropdown>
          <Popconfirm title="a">
            <span>a</span>
          </Popconfirm>
          <Tooltip title="a">
            <span>a</span>
          </Tooltip>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The stylesheet: the first screens' component styles in the default theme and antd's map of them. */
export function firstStyles(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider locale={zhCN} theme={themeFor(PRIMARY_COLOR)}>
        <App>
          <FirstScreens />
        </App>
      </ConfigProvider>
    </StyleProvider>,
  );
  // Only the component styles: the theme's CSS variables are antd's to write in the page (cheap, and per theme).
  return extractStyle(cache, { plain: true, types: ['style'] });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  process.stdout.write(firstStyles());
}
