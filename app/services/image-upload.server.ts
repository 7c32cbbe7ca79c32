import sharp from "./sharp.server";

/** What an uploaded image may be, and how big. */
export const UPLOAD_LIMITS = { bytes: 10 * 1024 * 1024, pixels: 40_000_000, longestSide: 2048 } as const;

export const UPLOAD_MESSAGES = {
  empty: "The file is empty. Choose a photo or an image.",
  tooLarge: "The image is larger than 10 MB. Choose a smaller one.",
  tooManyPixels: "The image is too large to process (more than 40 megapixels). Choose a smaller one.",
  notAnImage: "This file is not an image we can use. Upload a JPEG, PNG, WebP or HEIC photo.",
  damaged: "The image is damaged or incomplete. Take or choose it again.",
  heic: "This HEIC photo can't be read here. Choose 'Most Compatible' in the iPhone's camera settings, or upload a JPEG.",
  notStored: "The photo could not be stored just now. Please choose it again and try again in a minute.",
} as const;

/** An upload the product refuses, with the message to show. */
export class UploadError extends Error {
  /** 400: the file is refused; 503: it is fine, but file storage failed (a try later may work). */
  constructor(
    message: string,
    readonly status: 400 | 503 = 400,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

const isOverPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** Whether the first bytes are a JPEG's, PNG's, WebP's or HEIF's signature: a file that has one but cannot be read is damaged, not the wrong kind. */
function startsLikeAnImage(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 12));
  return (
    head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) ||
    head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) ||
    (head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP") ||
    head.toString("latin1", 4, 8) === "ftyp"
  );
}

/** Formats decided by the file's own content (sharp reads its header), never by its name or declared type. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

export type ReencodedImage = {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png";
  extension: "jpg" | "png";
  width: number;
  height: number;
};

/**
 * An uploaded image made safe to publish: its format found from its content, decoded within a
 * pixel limit (a small file that unpacks to a huge image is refused before it fills memory),
 * turned upright by its orientation, shrunk to at most 2048 px, and encoded afresh, which drops
 * every piece of metadata (a phone photo's GPS position included). Transparent images stay PNG;
 * everything else becomes JPEG.
 */
export async function reencodeImage(bytes: Uint8Array): Promise<ReencodedImage> {
  if (bytes.length === 0) throw new UploadError(UPLOAD_MESSAGES.empty);
  if (bytes.length > UPLOAD_LIMITS.bytes) throw new UploadError(UPLOAD_MESSAGES.tooLarge);
  const input = { limitInputPixels: UPLOAD_LIMITS.pixels, failOn: "truncated" as const };
  let format: string | undefined;
  let hasAlpha = false;
  try {
    const metadata = await sharp(bytes, input).metadata();
    format = metadata.format;
    hasAlpha = Boolean(metadata.hasAlpha);
    if (format && ACCEPTED_FORMATS.has(format) && (metadata.width ?? 0) * (metadata.height ?? 0) > UPLOAD_LIMITS.pixels) {
      throw new UploadError(UPLOAD_MESSAGES.tooManyPixels);
    }
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (isOverPixelLimit(error)) throw new UploadError(UPLOAD_MESSAGES.tooManyPixels);
    throw new UploadError(startsLikeAnImage(bytes) ? UPLOAD_MESSAGES.damaged : UPLOAD_MESSAGES.notAnImage);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new UploadError(UPLOAD_MESSAGES.notAnImage);
  try {
    const pipeline = sharp(bytes, input)
      .rotate()
      .resize({ width: UPLOAD_LIMITS.longestSide, height: UPLOAD_LIMITS.longestSide, fit: "inside", withoutEnlargement: true });
    const encoded = hasAlpha
      ? await pipeline.png({ compressionLevel: 9, palette: true }).toBuffer({ resolveWithObject: true })
      : await pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return {
      bytes: encoded.data,
      contentType: hasAlpha ? "image/png" : "image/jpeg",
      extension: hasAlpha ? "png" : "jpg",
      width: encoded.info.width,
      height: encoded.info.height,
    };
  } catch (error) {
    if (isOverPixelLimit(error)) throw new UploadError(UPLOAD_MESSAGES.tooManyPixels);
    if (format === "heif") throw new UploadError(UPLOAD_MESSAGES.heic);
    throw new UploadError(UPLOAD_MESSAGES.damaged);
  }
}
