/** A refused sheet: the server's summary, and one problem per row (第 3 行“常量值”：不能为空 ...). */
export interface ImportProblems {
  summary: string;
  rows: string[];
}

/**
 * Splits the server's import refusal ('导入失败，共N处错误，未导入任何数据：第2行：…；第3行：…') into its summary and one
 * line per row problem.
 */
export function importProblems(message: string): ImportProblems {
  const i = message.indexOf('：');
  if (i < 0 || !message.includes('第')) return { summary: message, rows: [] };
  return {
    summary: message.slice(0, i),
    rows: message
      .slice(i + 1)
      .split('；')
      .map((r) => r.trim())
      .filter(Boolean),
  };
}
