import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { HttpError } from '../http-error';

/** An upload: the back office scales a photo to 2,560 px before it sends it (1–2 MB); this leaves room for one it could not. */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
/** 40 megapixels: a phone camera's photo; a decompression bomb (a 30,000 × 30,000 PNG is 900 MP) is refused unread. */
const MAX_INPUT_PIXELS = 40_000_000;
/** The long side kept (WordPress's big-image threshold): nothing the site shows is wider. */
const LONGEST_SIDE = 2560;
/** The widths made, each never larger than the picture: a phone's 412 px up to a wide screen's 1,920. */
export const PICTURE_WIDTHS = [412, 640, 828, 1280, 1920] as const;
const FALLBACK_WIDTH = 1280;
const SHARE = { width: 1200, height: 630 };
/** Per pipeline: a picture that takes longer is refused rather than holding the queue. */
const TIMEOUT_SECONDS = 60;

// One libvips thread per operation: on a 2-core server a picture being made leaves a core for the site's reads.
sharp.concurrency(1);

export class PictureRefused extends HttpError {
  constructor(message: string, status: 413 | 415 | 422 = 422) {
    super(status, message);
  }
}

const TAKEN = 'upload a photo as JPEG, PNG, WebP or AVIF';

/** What the bytes are, whatever the file's name says: the first bytes of each format the site takes. */
export function sniffPictureType(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | 'avif' {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    // The major brand and the compatible ones: an AVIF says 'avif'; an iPhone's HEIC says 'heic', 'heix' or 'mif1' only.
    const size = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0));
    const brands = Array.from({ length: Math.max(0, (size - 8) / 4) }, (_, index) => ascii(8 + index * 4, 12 + index * 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
    if (brands.some((brand) => /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand))) {
      throw new PictureRefused(
        'HEIC photos (from an iPhone) cannot be read here: export the photo as JPEG, or choose it from the Photos app, which sends a JPEG',
        415,
      );
    }
  }
  if (ascii(0, 4) === 'GIF8') throw new PictureRefused(`GIF pictures cannot be used: ${TAKEN}`, 415);
  if (bytes.length === 0) throw new PictureRefused(`The file is empty: ${TAKEN}`);
  throw new PictureRefused(`This file is not a photo the site can use: ${TAKEN}`, 415);
}

export interface PictureFile {
  /** By the content's hash: a new picture is a new name, so every file is served as immutable. */
  name: string;
  kind: 'avif' | 'webp' | 'jpeg' | 'share';
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedPicture {
  /** Of the upload, so the same photo sent twice (a retry) is one picture. */
  uploadHash: string;
  width: number;
  height: number;
  /** A colour shown where the picture will be until it arrives ('#5a7d3c'). */
  placeholder: string;
  files: PictureFile[];
}

/** Where staff put the subject, 0–1 from the left and the top: every crop keeps it in. */
export interface Focus {
  x: number;
  y: number;
}

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** An upload's name in the library: the same bytes sent again are known before any work. */
export const uploadHashOf = hashOf;
const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');
const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

/** The pixels once: oriented as the camera held it, at most 2,560 px, in sRGB; no metadata (GPS included) goes on. */
async function decode(bytes: Buffer) {
  // The header only (nothing is decoded), so a bomb's size is read and refused rather than failing as unreadable.
  const metadata = await sharp(bytes, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new PictureRefused(`The photo could not be read (the file may be damaged or cut short): ${TAKEN}`);
    });
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new PictureRefused('The photo has too many pixels (at most 40 megapixels): scale it down and upload it again', 413);
  }
  return sharp(bytes, options)
    .timeout({ seconds: TIMEOUT_SECONDS })
    .autoOrient()
    .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      if (error instanceof Error && /timeout/i.test(error.message))
        throw new PictureRefused('The photo took too long to prepare: scale it down and upload it again');
      throw new PictureRefused(`The photo could not be read (the file may be damaged or cut short): ${TAKEN}`);
    });
}

type Pixels = Awaited<ReturnType<typeof decode>>;
const fromPixels = ({ data, info }: Pixels) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).timeout({ seconds: TIMEOUT_SECONDS });

async function encoded(pipeline: Sharp, kind: PictureFile['kind']): Promise<PictureFile> {
  const format = kind === 'share' ? 'jpeg' : kind;
  const encoder = {
    avif: (p: Sharp) => p.avif({ quality: 50, effort: 2 }),
    webp: (p: Sharp) => p.webp({ quality: 72 }),
    jpeg: (p: Sharp) => p.jpeg({ quality: 76, mozjpeg: true }),
  }[format];
  const { data, info } = await encoder(pipeline).toBuffer({ resolveWithObject: true });
  return {
    name: `${hashOf(data).slice(0, 20)}-${info.width}.${format === 'jpeg' ? 'jpg' : format}`,
    kind,
    contentType: `image/${format}`,
    width: info.width,
    height: info.height,
    bytes: data,
  };
}

/** The widths to make: the standard ones below the picture's, and the picture's own (up to 1,920). */
export const widthsFor = (width: number): number[] => [...new Set([...PICTURE_WIDTHS.filter((each) => each < width), Math.min(width, 1920)])];

/** The share image's window: 1200 × 630's shape, as large as fits, around the focus. */
export function shareWindow(width: number, height: number, focus: Focus) {
  const ratio = SHARE.width / SHARE.height;
  const cropWidth = Math.min(width, Math.round(height * ratio));
  const cropHeight = Math.min(height, Math.round(cropWidth / ratio));
  const place = (size: number, crop: number, at: number) => Math.max(0, Math.min(size - crop, Math.round(size * at - crop / 2)));
  return { left: place(width, cropWidth, focus.x), top: place(height, cropHeight, focus.y), width: cropWidth, height: cropHeight };
}

/** The share image (og:image) of pixels, cropped around the focus. */
export const shareImage = (pixels: Pixels, focus: Focus) =>
  encoded(
    fromPixels(pixels)
      .extract(shareWindow(pixels.info.width, pixels.info.height, focus))
      .resize(SHARE),
    'share',
  );

/**
 * An upload made into what the site serves: refused with a message staff understand when it is not a photo
 * the site takes; else re-encoded (the uploaded bytes are never kept) in every width as AVIF and WebP, one
 * JPEG for browsers with neither, and a share image.
 */
export async function processPicture(bytes: Buffer, focus: Focus = { x: 0.5, y: 0.5 }): Promise<ProcessedPicture> {
  if (bytes.length > MAX_PICTURE_BYTES) throw new PictureRefused('The photo is too large (at most 20 MB): scale it down and upload it again', 413);
  sniffPictureType(bytes);
  const pixels = await decode(bytes);
  const { width, height } = pixels.info;
  const files: PictureFile[] = [];
  for (const each of widthsFor(width)) {
    for (const kind of ['avif', 'webp'] as const) files.push(await encoded(fromPixels(pixels).resize({ width: each }), kind));
  }
  files.push(await encoded(fromPixels(pixels).resize({ width: Math.min(width, FALLBACK_WIDTH) }), 'jpeg'));
  files.push(await shareImage(pixels, focus));
  const { dominant } = await fromPixels(pixels).resize(16).stats();
  return { uploadHash: uploadHashOf(bytes), width, height, placeholder: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`, files };
}

/** The pixels of a stored variant, to make the share image again around a new focus. */
export const pixelsOf = (bytes: Buffer) => decode(bytes);
