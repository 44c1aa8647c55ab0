// A camera's photo for the media benchmark, made here (no photo can be fetched on the bench's machine): detail
// at every scale as a photograph has it (noise whose strength falls with its fineness, close to the 1/f of
// natural pictures, in the light mostly and a little in the colour) and a sensor's grain, so that it
// compresses as a photo does, not as a flat fill (far smaller) or as pure noise (far larger).
import sharp from 'sharp';

export interface CameraPhotoOptions {
  width?: number;
  height?: number;
  /** Each seed is another photo (the library keeps one picture per upload). */
  seed?: number;
  /** The camera's JPEG quality: 92 is a phone's usual; 100 with full colour makes the 12 MB of a large camera. */
  quality?: number;
}

/** A small random generator that gives the same photo for the same seed (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One layer of detail: `cells` across, drawn smooth to the photo's size; values about −1 to 1 (single channel). */
async function layer(next: () => number, cells: number, width: number, height: number): Promise<Buffer> {
  const across = Math.max(2, cells);
  const down = Math.max(2, Math.round((cells * height) / width));
  const small = Buffer.alloc(across * down);
  for (let index = 0; index < small.length; index += 1) small[index] = Math.round(((next() + next() + next()) / 3) * 255);
  return sharp(small, { raw: { width: across, height: down, channels: 1 } })
    .resize(width, height, { kernel: across < width ? 'cubic' : 'nearest', fit: 'fill' })
    .raw()
    .toBuffer();
}

export async function cameraPhoto({ width = 4000, height = 3000, seed = 1, quality = 92 }: CameraPhotoOptions = {}): Promise<Buffer> {
  const next = random(seed);
  const light = new Float32Array(width * height);
  // From the scene's large shapes (6 across) to single pixels, each layer twice as fine and a little weaker: about
  // as much detail in each octave as a photograph has (the 1/f of natural pictures).
  let strength = 30;
  for (let cells = 6; cells <= width; cells *= 2, strength *= 0.95) {
    const detail = await layer(next, cells, width, height);
    for (let index = 0; index < light.length; index += 1) light[index]! += ((detail[index]! - 127.5) / 127.5) * strength;
  }
  // Things with edges (leaves, people, sacks): a middle layer cut sharp.
  for (const cells of [40, 160, 640]) {
    const things = await layer(next, cells, width, height);
    for (let index = 0; index < light.length; index += 1) light[index]! += things[index]! > 140 ? 26 : things[index]! < 115 ? -22 : 0;
  }
  const tint = await Promise.all([0, 1, 2].map(() => layer(next, 8, width, height)));
  // A field's greens and earth's browns, by seed.
  const base = [95 + next() * 40, 115 + next() * 40, 60 + next() * 40];
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < light.length; index += 1) {
    for (let channel = 0; channel < 3; channel += 1) {
      const colour = base[channel]! + light[index]! + ((tint[channel]![index]! - 127.5) / 127.5) * 35;
      pixels[index * 3 + channel] = Math.max(0, Math.min(255, Math.round(colour)));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: quality >= 100 ? '4:4:4' : '4:2:0' })
    .toBuffer();
}
