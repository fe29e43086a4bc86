import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-precompress-'));
  dirs.push(d);
  return d;
}

describe('precompressDir', () => {
  it('writes a .br and a .gz beside each text file that decompress to the file, in subfolders too', async () => {
    const dir = tempDir();
    const script = `const a = ${JSON.stringify('质量保证'.repeat(500))};\n`;
    const css = `.zg-a { color: red; }\n`.repeat(200);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/index-abc.js'), script);
    fs.writeFileSync(path.join(dir, 'assets/index-abc.css'), css);
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>平台</p>'.repeat(300)}`);

    const done = await precompressDir(dir);

    expect(done.sort()).toEqual(['assets/index-abc.css', 'assets/index-abc.js', 'index.html']);
    const js = path.join(dir, 'assets/index-abc.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(fs.statSync(`${js}.gz`).size);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets/index-abc.css.gz'))).toString()).toBe(css);
  });

  it('leaves small files and files that are compressed already alone', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(MIN_BYTES * 4, 7));
    fs.writeFileSync(path.join(dir, 'app.js'), 'let x = 1;\n'.repeat(MIN_BYTES));
    expect(await precompressDir(dir)).toEqual(['app.js']);
    expect(fs.readdirSync(dir).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'favicon.svg', 'logo.png']);
  });
});
