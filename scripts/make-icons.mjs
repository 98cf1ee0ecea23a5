#!/usr/bin/env node
/**
 * Generates Verso's icons (build time, plain Node): `build/icon.png` (1024 px: Linux, and macOS, where
 * electron-builder makes the .icns), `build/icon.ico` (Windows: 16–256 px PNG entries) and the tray icons as a
 * TypeScript module of base64 PNGs (`electron/main/adapters/tray-icon-data.ts`: colour, and a black "Template"
 * image that macOS tints for the menu bar).
 *
 * Hand-written (a 40-line PNG encoder over node:zlib and a signed-distance rasteriser) because the machines that
 * build Verso have no image tools, and the icon is two shapes: a rounded square and a "V".
 *
 *   node scripts/make-icons.mjs
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** RGBA pixels (Uint8Array, size*size*4) → PNG bytes. */
export function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const segDist = (px, py, ax, ay, bx, by) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
};
const roundRectDist = (px, py, inset, radius) => {
  const h = 0.5 - inset - radius;
  const qx = Math.abs(px - 0.5) - h;
  const qy = Math.abs(py - 0.5) - h;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
};

/** Draws the icon at `size` px, 4×4 supersampled. `template`: black glyph on transparent (macOS menu bar). */
export function drawIcon(size, { template = false } = {}) {
  const px = new Uint8Array(size * size * 4);
  const bg = template ? [0, 0, 0] : [0x24, 0x56, 0xc7];
  const fg = template ? null : [255, 255, 255];
  const S = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let cover = 0;
      let glyph = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const u = (x + (sx + 0.5) / S) / size;
          const v = (y + (sy + 0.5) / S) / size;
          const inSquare = roundRectDist(u, v, 0.0625, 0.17) <= 0;
          const inV = Math.min(segDist(u, v, 0.3, 0.28, 0.5, 0.74), segDist(u, v, 0.7, 0.28, 0.5, 0.74)) <= 0.075;
          if (inSquare) cover++;
          if (inSquare && inV) glyph++;
        }
      }
      const i = (y * size + x) * 4;
      const n = S * S;
      if (template) {
        // The square is ink, the V is cut out of it.
        px[i] = px[i + 1] = px[i + 2] = 0;
        px[i + 3] = Math.round((255 * (cover - glyph)) / n);
      } else {
        const g = cover ? glyph / cover : 0;
        for (let c = 0; c < 3; c++) px[i + c] = Math.round(bg[c] * (1 - g) + fg[c] * g);
        px[i + 3] = Math.round((255 * cover) / n);
      }
    }
  }
  return encodePng(size, px);
}

/** ICO with PNG entries (Windows Vista and later read them at every size). */
export function encodeIco(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i;
    header[e] = size >= 256 ? 0 : size;
    header[e + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, e + 4); // planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.png)]);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(join(ROOT, 'build', 'icon.png'), drawIcon(1024));
  writeFileSync(join(ROOT, 'build', 'icon.ico'), encodeIco([256, 64, 48, 32, 16].map((size) => ({ size, png: drawIcon(size) }))));
  const b64 = (buf) => buf.toString('base64');
  writeFileSync(
    join(ROOT, 'electron', 'main', 'adapters', 'tray-icon-data.ts'),
    [
      '/**',
      ' * Tray icons as base64 PNGs (main process, Electron only). Generated by scripts/make-icons.mjs: do not edit.',
      ' * `template` is black on transparent, which macOS tints for the light or dark menu bar.',
      ' */',
      `export const TRAY_ICON_PNG = { color16: '${b64(drawIcon(16))}', color32: '${b64(drawIcon(32))}', template16: '${b64(drawIcon(16, { template: true }))}', template32: '${b64(drawIcon(32, { template: true }))}' };`,
      '',
    ].join('\n'),
  );
  console.log('Wrote build/icon.png, build/icon.ico and electron/main/adapters/tray-icon-data.ts');
}
