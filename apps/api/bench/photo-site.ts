// The seeded site as it is once the business has uploaded its photos (bench:media, and bench:web with
// BENCH_PHOTOS=on): every article and event gets a camera photo of its own, made by the library's pipeline
// and named by its reference, as the back office saves it. Run with the data folder of an API that is not
// running (DATA_DIR): it seeds the folder first when it is new. The newest article's photo is a camera's
// 4,000 × 3,000; the others come as the back office sends them, scaled to 2,560 px.
import { pictureReference } from '@agri/api-client/staff-contract';
import { readConfig } from '../src/config';
import { pictureStore } from '../src/pictures/picture-store';
import { processPicture } from '../src/pictures/processing';
import { openDatabase } from '../src/server';
import { cameraPhoto } from './camera-photo';

const db = await openDatabase(readConfig());
const pictures = pictureStore(db, (path) => path);
const CAMERA = { width: 4000, height: 3000 };
const SENT_BY_THE_BACK_OFFICE = { width: 2560, height: 1920 };
const posts = await db.query<{ id: string; title: string }>('SELECT id, title FROM blogs WHERE published ORDER BY created_at DESC');
const events = await db.query<{ id: string; title: string }>('SELECT id, title FROM events ORDER BY start_date');
const items = [
  ...posts.map((post, index) => ({ ...post, table: 'blogs', size: index === 0 ? CAMERA : SENT_BY_THE_BACK_OFFICE })),
  ...events.map((event) => ({ ...event, table: 'events', size: SENT_BY_THE_BACK_OFFICE })),
];

// Each photo is made while the one before is processed: the machine's two cores both at work.
let photo = cameraPhoto({ ...items[0]!.size, seed: 1 });
for (const [index, item] of items.entries()) {
  const bytes = await photo;
  if (items[index + 1]) photo = cameraPhoto({ ...items[index + 1]!.size, seed: index + 2 });
  const { row } = await pictures.save(await processPicture(bytes), `${item.title}: the training in the field`);
  const reference = pictureReference(row.id);
  const images = JSON.stringify([{ url: reference }]);
  if (item.table === 'blogs') await db.query('UPDATE blogs SET images = $2::jsonb, image = $3 WHERE id = $1', [item.id, images, reference]);
  else await db.query('UPDATE events SET images = $2::jsonb WHERE id = $1', [item.id, images]);
}
console.log(`${items.length} camera photos given to ${posts.length} articles and ${events.length} events`);
await db.close();
