/** The long side the library keeps (the API's limit too): a camera's 12–50 MP photo sent at this is 1–2 MB. */
export const LONGEST_SIDE = 2560;
const QUALITY = 0.86;

/**
 * A photo as it is worth sending on a slow link: at most 2,560 px on its long side, as JPEG, turned as the
 * camera held it (the browser reads the EXIF orientation); redrawn, it keeps no metadata (the camera's GPS
 * stays on the phone). A JPEG already that small, or a photo this browser cannot read (an iPhone's HEIC in
 * Chrome), is sent as it is: the API strips its metadata, or says why it cannot take it.
 */
export async function scalePhoto(photo: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return photo;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  } catch {
    return photo;
  }
  const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && photo.size <= 2 * 1024 * 1024 && photo.type === 'image/jpeg') {
    bitmap.close();
    return photo;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const scaled = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
  return scaled ?? photo;
}
