// The API's half of `npm run bench:media` (issue 59): a 12-megapixel camera photo (4,000 × 3,000, a phone's
// JPEG of about 4.6 MB: camera-photo.ts) uploaded to the media library as the back office sends one it could
// not scale, RUNS times (a new photo each time): how long each takes to become every variant, the sizes of the
// variants, and the site's reads (GET /api/course) meanwhile, their p95 beside that of the same reads idle.
// One JSON line per upload.
import { startTestApi } from '../src/test-support';
import { addStaff } from '../src/staff/staff-test-support';
import { cameraPhoto } from './camera-photo';
import { idleReads, p95, readsUntil } from './reads-meanwhile';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const api = await startTestApi();
const staff = await addStaff(api);
const idle = await idleReads(api.app);

for (let run = 0; run < RUNS; run += 1) {
  const photo = await cameraPhoto({ seed: 100 + run });
  const started = performance.now();
  const uploaded = Promise.resolve(
    api.app.request('/api/staff/pictures?description=Trainees%20at%20a%20maize%20drying%20demonstration', {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'image/jpeg' },
      body: photo as Uint8Array<ArrayBuffer>,
    }),
  ).then(async (answer) => ({ status: answer.status, ms: Math.round(performance.now() - started), picture: (await answer.json()) as { id: string } }));
  const reads = await readsUntil(api.app, uploaded);
  const { status, ms, picture } = await uploaded;
  const files = await api.db.query<{ kind: string; width: number; kb: number }>(
    'SELECT kind, width, round(octet_length(bytes) / 1024.0, 1)::float8 AS kb FROM picture_files WHERE picture_id = $1 ORDER BY kind, width',
    [picture.id],
  );
  console.log(
    JSON.stringify({
      date: new Date().toISOString().slice(0, 10),
      photo: { width: 4000, height: 3000, mb: Number((photo.length / 1024 / 1024).toFixed(2)) },
      status,
      processingMs: ms,
      readsMeanwhile: reads.length,
      readP95Ms: { idle: p95(idle), meanwhile: p95(reads) },
      variantsKb: Object.fromEntries(files.map((file) => [`${file.kind} ${file.width}`, file.kb])),
    }),
  );
}
await api.close();
