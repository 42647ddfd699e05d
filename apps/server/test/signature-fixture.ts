import { PNG } from 'pngjs';

/**
 * A drawn signature as the signature pad sends it: a transparent canvas (RGBA PNG) with one
 * dark wavy stroke. Used by the documents tests and the documents benchmark.
 */
export function drawnSignature(width = 400, height = 150) {
  const png = new PNG({ width, height });
  for (let x = 20; x < width - 20; x++) {
    const y = Math.round(height / 2 + Math.sin(x / 15) * (height / 5));
    for (let dy = -2; dy <= 2; dy++) {
      const i = ((y + dy) * width + x) * 4;
      png.data[i] = 10;
      png.data[i + 1] = 20;
      png.data[i + 2] = 60;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
