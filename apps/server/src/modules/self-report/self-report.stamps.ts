import { REVIEW_RESULT_NAMES, type ReviewResult } from '@zg/contract';
import sharp from 'sharp';

/**
 * The review stamps shipped with the app (spec-2 §2.4: chosen by the review result): a red seal per result, drawn as
 * SVG here and turned into a PNG for the Word document.
 */
const FONT = "'Noto Sans CJK SC', 'Source Han Sans SC', 'Microsoft YaHei', sans-serif";

export function stampSvg(result: ReviewResult, label: string): string {
  const word = REVIEW_RESULT_NAMES[result];
  const size = word.length > 2 ? 28 : 44;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
  <circle cx="80" cy="80" r="72" fill="none" stroke="#c8102e" stroke-width="6"/>
  <circle cx="80" cy="80" r="62" fill="none" stroke="#c8102e" stroke-width="2"/>
  <text x="80" y="58" text-anchor="middle" font-family="${FONT}" font-size="16" fill="#c8102e">${label}</text>
  <text x="80" y="${94 + (44 - size) / 4}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="#c8102e">${word}</text>
  <text x="80" y="124" text-anchor="middle" font-family="${FONT}" font-size="22" fill="#c8102e">★</text>
</svg>`;
}

/** The stamp as a PNG (drawn at twice its size). */
export function stampPng(result: ReviewResult, label: string): Promise<Buffer> {
  return sharp(Buffer.from(stampSvg(result, label)), { density: 144 })
    .png()
    .toBuffer();
}
