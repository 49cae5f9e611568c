// Photos for the media tests, made in the browser as a phone would: a canvas drawn with
// a gradient and texture, encoded as JPEG (optionally with an EXIF orientation tag, as
// phones write for a photo taken sideways), returned to Node as a Buffer.

/**
 * A width × height JPEG. `orientation` (1–8) adds an EXIF APP1 segment with that
 * Orientation right after the SOI marker.
 */
export async function makeJpeg(page, { width = 4000, height = 3000, hue = 20, orientation } = {}) {
  const base64 = await page.evaluate(
    async ({ width, height, hue, orientation }) => {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d');
      const gradient = ctx.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, `hsl(${hue} 55% 40%)`);
      gradient.addColorStop(1, `hsl(${hue + 50} 55% 75%)`);
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, width, height);
      // Texture, so the file weighs what a photo does rather than a flat colour.
      for (let i = 0; i < 6000; i++) {
        ctx.fillStyle = `hsl(${(hue + i * 7) % 360} 45% ${25 + (i % 55)}%)`;
        ctx.fillRect((i * 733) % width, (i * 397) % height, 20 + (i % 90), 10 + (i % 70));
      }
      // A marker in the top-left quarter: after orientation it tells up from down.
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width / 4, height / 4);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      let bytes = new Uint8Array(await blob.arrayBuffer());
      if (orientation) {
        // APP1 "Exif\0\0" + big-endian TIFF header + one IFD entry: 0x0112 SHORT 1 = orientation.
        const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
        const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
        const length = payload.length + 2;
        const app1 = [0xff, 0xe1, length >> 8, length & 0xff, ...payload];
        const out = new Uint8Array(bytes.length + app1.length);
        out.set(bytes.subarray(0, 2), 0);
        out.set(app1, 2);
        out.set(bytes.subarray(2), 2 + app1.length);
        bytes = out;
      }
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height, hue, orientation },
  );
  return Buffer.from(base64, 'base64');
}

/** The natural size of the image at `url`, as the browser decodes it (EXIF orientation applied). */
export function naturalSize(page, url) {
  return page.evaluate(
    (src) =>
      new Promise((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
        img.onerror = () => reject(new Error(`${src} did not load`));
        img.src = src;
      }),
    url,
  );
}

/** The object name of a stored address ('/storage/v1/…/site-media/portfolio/…'), or null. */
export function storedName(address) {
  const m = /\/storage\/v1\/(?:object|render\/image)\/public\/site-media\/([^?]+)/.exec(address ?? '');
  return m ? decodeURIComponent(m[1]) : null;
}
