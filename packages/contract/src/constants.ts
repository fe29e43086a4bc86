/** Business constants and limits of spec-1 section 9 and spec-2 section 9. */
export const LIMITS = {
  requestTimeoutMs: 60_000,
  uploadTimeoutMs: 120_000,
  userPickerPageSize: 100,
  userPickerDebounceMs: 300,
  maxLength: {
    default: 60,
    content: 200,
    audit: 500,
    qcpDescription: 500,
    small: 20,
    longName: 300,
    longContent: 1000,
  },
  allowedFileExtensions: [
    'gif',
    'jpg',
    'jpeg',
    'png',
    'txt',
    'doc',
    'docx',
    'wps',
    'ppt',
    'pptx',
    'xls',
    'xlsx',
    'pdf',
    'rar',
    'zip',
  ] as const,
  normalFileCount: 10,
  maxFileCount: 50,
  avatarSizeLimit: 30720,
  yearPicker: { min: 1969, max: 2098, panelSize: 10, defaultYear: 2017 },
  /** Spec-2 section 9: the circular gauge. */
  gauge: { size: 250, radius: 80, lineWidth: 10, durationMs: 2000, stepMs: 16, decimals: 2 },
  /** Spec-2 section 9: charts. */
  chart: { barWidth: 20, radarLabelWrap: 6 },
  /** Spec-2 section 9: editable cell text. */
  editableCellMaxLength: 500,
  sessionLifetimeDays: 7,
  firstPage: 1,
  defaultPageSize: 10,
  passwordMinLength: 8,
  fileNameMaxLength: 200,
  chunkSize: 614_400,
  chunkThreads: 3,
  mergePollMs: 1000,
  /** Spec-2 section 9: a lazily loaded page shows its spinner after 200 ms, and fails ("Error!") after 10 s. */
  pageLoad: { spinnerDelayMs: 200, timeoutMs: 10_000 },
} as const;

export const APP = {
  defaultSystemName: '教学质量监测与分析平台',
  version: 'V3.5',
  locale: 'zh-CN',
} as const;

/** "当前页N条，共M条" */
export function pageTotalText(pageItems: number, total: number): string {
  return `当前页${pageItems}条，共${total}条`;
}
