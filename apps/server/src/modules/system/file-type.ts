export type TFileType = 'png' | 'jpg' | 'gif' | 'webp' | 'pdf' | 'doc' | 'docx';

/**
 * The kind of a file from its content (its leading bytes; for a ZIP, the Word part it must hold); the
 * name a client sends is not trusted.
 */
export const sniffFileType = (head: Buffer): TFileType | null => {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // Word 97-2003: an OLE compound file; Word 2007+: a ZIP whose parts include word/document.xml.
  if (head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'doc';
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && head.includes('word/document.xml'))
    return 'docx';
  return null;
};

export const mimeOf: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * Kinds a browser may show in the page (raster images only; never SVG, which runs script): every
 * other kind is served as an attachment, so a PDF with JavaScript is saved, not opened on our origin.
 */
export const isInlineType = (type: string): boolean => ['png', 'jpg', 'gif', 'webp'].includes(type);

export const fileNameLimit = 200;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a client's file name cannot be kept (it is stored and sent back in headers), or null: control
 * characters (NUL among them, which PostgreSQL refuses), broken UTF-16, or more than 200 characters.
 */
export const fileNameProblem = (name: string): string | null => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f]/.test(name)) return '文件名不能包含控制字符，请重命名后再上传';
  if (loneSurrogate.test(name)) return '文件名包含无效的字符，请重命名后再上传';
  if ([...name].length > fileNameLimit) return `文件名最多${fileNameLimit}个字，请重命名后再上传`;
  return null;
};
