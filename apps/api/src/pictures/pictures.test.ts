import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { eventResponseSchema, z, type Image } from '@agri/api-client/contract';
import { PICTURE_IN_USE_MESSAGE, staffPictureSchema, type EventDraft, type StaffPicture } from '@agri/api-client/staff-contract';
import { startInstances, withFailure, type TestApi } from '../test-support';
import { addStaff, type TestStaff } from '../staff/staff-test-support';
import { saveDataWidth } from './picture-store';
import { shareWindow, sniffPictureType, widthsFor } from './processing';

let api: TestApi;
let other: TestApi;
let staff: TestStaff;

/** A camera's photo: noise (so it compresses as a photo does), turned on its side by EXIF, with GPS in it. */
const cameraPhoto = (width = 3000, height = 2000) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 12 } } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '36/1 49/1 0/1' } })
    .jpeg({ quality: 80 })
    .toBuffer();

const smallPhoto = (width = 500, height = 300, format: 'png' | 'webp' | 'avif' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 60 } } })
    .toFormat(format)
    .toBuffer();

/** A PNG that says it is 30,000 × 30,000 (900 MP) in a few bytes: a decompression bomb. */
async function bomb(): Promise<Buffer> {
  const png = Buffer.from(await smallPhoto(1, 1, 'png'));
  png.writeUInt32BE(30_000, 16);
  png.writeUInt32BE(30_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const upload = (bytes: Uint8Array, description = 'Trainees at a maize drying demonstration', token = staff.token, instance = api) =>
  instance.app.request(`/api/staff/pictures?description=${encodeURIComponent(description)}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
const message = async (response: Response) => ((await response.json()) as { message: string }).message;
const uploaded = async (bytes: Uint8Array, description?: string): Promise<StaffPicture> => {
  const response = await upload(bytes, description);
  assert.ok(response.status === 201 || response.status === 200, `upload answered ${response.status}: ${await response.clone().text()}`);
  return staffPictureSchema.parse(await response.json());
};
const send = (method: string, path: string, body?: unknown) => api.call(method, `/api/staff${path}`, { token: staff.token, body });
const fileOf = (url: string, instance = api) => instance.app.request(new URL(url).pathname);

const event = (images: { url: string }[]): EventDraft => ({
  title: 'Grain Drying Field Day',
  speaker: 'Dr. Amina Njoroge',
  description: '<p>Drying maize to 13.5% within 48 hours.</p>',
  city: 'Eldoret',
  venue: 'Chebororwa Farm',
  startDate: '2030-05-04',
  startTime: '09:00',
  endDate: '2030-05-04',
  endTime: '15:00',
  price: 2_000,
  images,
});

before(async () => {
  [api, other] = (await startInstances(2)) as [TestApi, TestApi];
  staff = await addStaff(api);
});
after(() => api.close());

describe('an uploaded photo', () => {
  let photo: StaffPicture;
  let source: Buffer;
  before(async () => {
    source = await cameraPhoto();
    photo = await uploaded(source);
  });

  it('is turned as the camera held it, scaled to 2,560 px, and described', async () => {
    const taken = await sharp(source).metadata();
    assert.equal(taken.orientation, 6);
    assert.ok(taken.exif && taken.exif.length > 100, 'the camera photo carries EXIF');
    assert.deepEqual([photo.width, photo.height], [1707, 2560]);
    assert.equal(photo.description, 'Trainees at a maize drying demonstration');
    assert.match(photo.placeholder, /^#[0-9a-f]{6}$/);
    assert.deepEqual(photo.usedBy, []);
  });

  it('is served in every width as AVIF and WebP, a JPEG and a share image, immutable, with no metadata', async () => {
    const created = await send('POST', '/events', event([{ url: photo.reference }]));
    const { _id } = (await created.json()).item as { _id: string };
    await send('PUT', `/events/${_id}/published`, { published: true });
    const shown = eventResponseSchema.parse(await (await api.call('GET', `/api/event/${_id}`)).json()).data.images[0] as Image;
    assert.equal(shown.alt, photo.description);
    assert.deepEqual([shown.width, shown.height], [1707, 2560]);
    assert.deepEqual(
      shown.sources?.map((each) => [each.type, each.files.map((file) => file.width)]),
      [
        ['image/avif', [412, 640, 828, 1280, 1707]],
        ['image/webp', [412, 640, 828, 1280, 1707]],
      ],
    );
    for (const url of [shown.url, shown.share!, ...shown.sources!.flatMap((each) => each.files.map((file) => file.url))]) {
      const file = await fileOf(url);
      assert.equal(file.status, 200, url);
      assert.equal(file.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
      assert.match(file.headers.get('Content-Security-Policy') ?? '', /sandbox/);
      const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      assert.equal(metadata.exif, undefined, `${url} keeps EXIF`);
      assert.equal(file.headers.get('Content-Type'), `image/${metadata.format === 'heif' ? 'avif' : metadata.format}`);
    }
    const share = await sharp(Buffer.from(await (await fileOf(shown.share!)).arrayBuffer())).metadata();
    assert.deepEqual([share.width, share.height], [1200, 630]);
    assert.ok(!(await fileOf(shown.url)).headers.get('Content-Type')?.includes('avif'));
    // The picture is now in use: it cannot go, and the library says where it is.
    const refused = await send('DELETE', `/pictures/${photo.id}`);
    assert.equal(refused.status, 409);
    assert.equal(await message(refused), PICTURE_IN_USE_MESSAGE);
    const listed = z.array(staffPictureSchema).parse(await (await send('GET', '/pictures')).json());
    assert.deepEqual(listed.find((each) => each.id === photo.id)?.usedBy, [{ kind: 'events', id: _id, title: 'Grain Drying Field Day' }]);
    await send('DELETE', `/events/${_id}`);
  });

  it('sent again (a retry) is the same picture, not a second one', async () => {
    const again = await upload(source, 'Another description');
    assert.equal(again.status, 200);
    assert.equal(((await again.json()) as StaffPicture).id, photo.id);
  });

  it('is sent narrower, in the same format and at the same address, to a phone that asks to save data', async () => {
    const files = await api.db.query<{ name: string; kind: string; width: number }>(
      "SELECT name, kind, width FROM picture_files WHERE picture_id = $1 AND kind IN ('avif', 'webp', 'jpeg')",
      [photo.id],
    );
    const url = (kind: string, width: number) =>
      `http://api.test/static/pictures/files/${files.find((file) => file.kind === kind && file.width === width)!.name}`;
    const widthSent = async (address: string, saveData?: string) => {
      const file = await api.app.request(new URL(address).pathname, { headers: saveData ? { 'Save-Data': saveData } : {} });
      assert.match(file.headers.get('Vary') ?? '', /\bSave-Data\b/);
      const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      return `${metadata.format === 'heif' ? 'avif' : metadata.format} ${metadata.width}`;
    };
    // A phone of 412 px at two device pixels chose 828: one device pixel per CSS pixel is 412.
    assert.equal(await widthSent(url('avif', 828)), 'avif 828');
    assert.equal(await widthSent(url('avif', 828), 'on'), 'avif 412');
    assert.equal(await widthSent(url('webp', 1280), 'on'), 'webp 640');
    assert.equal(await widthSent(url('webp', 412), 'on'), 'webp 412');
    assert.equal(await widthSent(url('avif', 828), 'off'), 'avif 828');
    // The fallback JPEG is for browsers without srcset's formats: sent as asked.
    const jpeg = files.find((file) => file.kind === 'jpeg')!;
    assert.equal(await widthSent(url('jpeg', jpeg.width), 'on'), `jpeg ${jpeg.width}`);
  });

  it('is served by every instance on the database', async () => {
    const file = await fileOf(photo.thumbnail, other);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('Content-Type'), 'image/webp');
  });

  it('takes a new description and focus, and its share image is cropped around the focus again', async () => {
    const before = await (await fileOf((await shareOf(photo.id))!)).arrayBuffer();
    const changed = await send('PUT', `/pictures/${photo.id}`, { description: 'A drying rack', focus: { x: 0.5, y: 0.1 } });
    assert.equal(changed.status, 200);
    assert.deepEqual(((await changed.json()) as StaffPicture).focus, { x: 0.5, y: 0.1 });
    const share = await shareOf(photo.id);
    assert.notDeepEqual(Buffer.from(await (await fileOf(share!)).arrayBuffer()), Buffer.from(before));
  });
});

/** The share image a post that shows the picture is given. */
async function shareOf(id: string): Promise<string | undefined> {
  const [row] = await api.db.query<{ name: string }>("SELECT name FROM picture_files WHERE picture_id = $1 AND kind = 'share'", [id]);
  return row ? `http://api.test/static/pictures/files/${row.name}` : undefined;
}

describe('what is made of a picture', () => {
  it('is never wider than the picture', async () => {
    assert.deepEqual(widthsFor(300), [300]);
    assert.deepEqual(widthsFor(1000), [412, 640, 828, 1000]);
    assert.deepEqual(widthsFor(2560), [412, 640, 828, 1280, 1920]);
    const small = await uploaded(await smallPhoto(500, 300, 'webp'), 'A small banner');
    const widths = (
      await api.db.query<{ kind: string; width: number }>('SELECT kind, width FROM picture_files WHERE picture_id = $1 ORDER BY kind, width', [small.id])
    ).map((row) => `${row.kind} ${row.width}`);
    assert.deepEqual(widths, ['avif 412', 'avif 500', 'jpeg 500', 'share 1200', 'webp 412', 'webp 500']);
  });

  it('for a phone that saves data, is about one device pixel per CSS pixel', () => {
    const made = [412, 640, 828, 1280, 1920];
    assert.equal(saveDataWidth(828, made), 412);
    assert.equal(saveDataWidth(1280, made), 640);
    assert.equal(saveDataWidth(1920, made), 828);
    assert.equal(saveDataWidth(640, made), 412);
    assert.equal(saveDataWidth(500, [412, 500]), 412);
  });

  it('crops the share image around the focus, within the picture', () => {
    assert.deepEqual(shareWindow(2560, 1707, { x: 0.5, y: 0.5 }), { left: 0, top: 182, width: 2560, height: 1344 });
    assert.deepEqual(shareWindow(1707, 2560, { x: 0.5, y: 0 }), { left: 0, top: 0, width: 1707, height: 896 });
    assert.deepEqual(shareWindow(1707, 2560, { x: 0.5, y: 1 }), { left: 0, top: 1664, width: 1707, height: 896 });
  });

  it('takes PNG, WebP and AVIF as well as JPEG', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      assert.equal(sniffPictureType(await smallPhoto(20, 20, format)), format);
      const response = await upload(await smallPhoto(64 + format.length, 64, format), `A ${format} picture`);
      assert.equal(response.status, 201, format);
    }
  });
});

describe('a bad file', () => {
  const refusals: [string, () => Promise<Uint8Array> | Uint8Array, number, RegExp][] = [
    ['a decompression bomb (30,000 × 30,000 PNG)', bomb, 413, /too many pixels \(at most 40 megapixels\)/],
    ['a truncated JPEG', async () => (await cameraPhoto(800, 600)).subarray(0, 20_000), 422, /could not be read \(the file may be damaged or cut short\)/],
    [
      'HTML named .jpg',
      () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      415,
      /not a photo the site can use: upload a photo as JPEG, PNG, WebP or AVIF/,
    ],
    ['an SVG with a script', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 415, /not a photo the site can use/],
    ['an empty file', () => Buffer.alloc(0), 422, /The file is empty/],
    [
      'an animated GIF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
          .gif()
          .toBuffer(),
      415,
      /GIF pictures cannot be used/,
    ],
    [
      'an iPhone HEIC',
      () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]),
      415,
      /export the photo as JPEG/,
    ],
    ['a file over 20 MB', () => Buffer.alloc(21 * 1024 * 1024, 0xff), 413, /too large \(at most 20 MB\)/],
  ];
  for (const [what, bytes, status, words] of refusals) {
    it(`is refused with a message staff understand, and nothing is kept: ${what}`, async () => {
      const [{ count: before }] = (await api.db.query<{ count: number }>('SELECT count(*)::int AS count FROM pictures')) as [{ count: number }];
      const response = await upload(await bytes());
      assert.equal(response.status, status);
      assert.match(await message(response), words);
      const [{ count }] = (await api.db.query<{ count: number }>('SELECT count(*)::int AS count FROM pictures')) as [{ count: number }];
      assert.equal(count, before);
    });
  }

  it('a polyglot (a JPEG carrying a script) is re-encoded: no byte of the upload is served', async () => {
    const polyglot = Buffer.concat([await smallPhoto(90, 90, 'jpeg'), Buffer.from('<script>alert(1)</script>')]);
    const picture = await uploaded(polyglot, 'A picture with a tail');
    const files = await api.db.query<{ bytes: Uint8Array }>('SELECT bytes FROM picture_files WHERE picture_id = $1', [picture.id]);
    assert.ok(files.length > 0);
    for (const file of files) assert.ok(!Buffer.from(file.bytes).includes('<script>'));
  });

  it('needs a description, the bytes as their own type, and a signed-in member of staff', async () => {
    assert.equal(await message(await upload(await smallPhoto(), '')), 'Description is Required');
    const asJson = await api.call('POST', '/api/staff/pictures?description=x', { token: staff.token, body: { picture: 'x' } });
    assert.equal(asJson.status, 415);
    assert.equal((await upload(await smallPhoto(), 'x', 'not-a-token')).status, 401);
  });

  it('that fails half-way through being stored leaves no half picture', async () => {
    const failing = withFailure(api, (sql) => sql.includes('INSERT INTO picture_files'));
    const response = await upload(await smallPhoto(321, 123), 'Half a picture', staff.token, failing);
    assert.equal(response.status, 500);
    assert.deepEqual(await api.db.query("SELECT id FROM pictures WHERE description = 'Half a picture'"), []);
  });
});

describe('content that names a picture', () => {
  it('names one that is in the library', async () => {
    const response = await send('POST', '/events', event([{ url: '/static/pictures/00000000-0000-4000-8000-000000000000' }]));
    assert.equal(response.status, 400);
    assert.match(await message(response), /not in the media library/);
  });

  it('lets a picture go once nothing shows it, and its files with it', async () => {
    const picture = await uploaded(await smallPhoto(222, 111), 'A picture nobody uses');
    assert.equal((await send('DELETE', `/pictures/${picture.id}`)).status, 200);
    assert.equal((await fileOf(picture.thumbnail)).status, 404);
  });
});
