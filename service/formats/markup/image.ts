/**
 * Images (jpeg, jpg, png) (service process). The local engine has no OCR, so it refuses them with a message
 * that says what to do instead; sniffing still checks that the bytes really are an image, so a mislabelled
 * file gets the more useful "not an image" error from the upload check.
 */
import { open } from 'node:fs/promises';
import { DocumentFormatError } from '../types.js';
import type { FormatHandler } from '../types.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isImage(head: Buffer, extension: string): boolean {
  if (extension === 'png') return head.subarray(0, 8).equals(PNG);
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

async function refuse(inputPath: string, extension: string): Promise<never> {
  const fh = await open(inputPath, 'r');
  const head = Buffer.alloc(16);
  try {
    await fh.read(head, 0, 16, 0);
  } finally {
    await fh.close();
  }
  if (!isImage(head, extension)) {
    throw new DocumentFormatError(
      `The file is named .${extension} but is not a ${extension === 'png' ? 'PNG' : 'JPEG'} image. Check the file and its extension.`,
    );
  }
  throw new DocumentFormatError(
    'The local engine does not translate images: it cannot read text in pictures (no OCR offline). ' +
      'Use a hosted Translation Service account for images, or translate the text as a document or text instead.',
  );
}

export const imageHandler: FormatHandler = {
  extensions: ['jpeg', 'jpg', 'png'],
  sniff: isImage,
  countCharacters: (inputPath, extension) => refuse(inputPath, extension),
  translate: (inputPath, _outputPath, extension) => refuse(inputPath, extension),
};
