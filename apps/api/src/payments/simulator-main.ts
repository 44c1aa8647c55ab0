// The kit's Daraja as a process of its own (`npm start` and the e2e harness start it through
// tooling/serve/daraja-simulator.mjs when no MPESA_BASE_URL is set): the credentials come from the environment, as
// the API's do, and one JSON line says where it listens. Never part of a production deployment: docs/payments.md.
import { startDarajaSimulator } from './daraja-simulator';

const setting = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`The Daraja simulator needs ${name}.`);
  return value;
};

const simulator = await startDarajaSimulator({
  consumerKey: setting('MPESA_CONSUMER_KEY'),
  consumerSecret: setting('MPESA_CONSUMER_SECRET'),
  shortCode: setting('MPESA_SHORT_CODE'),
  passkey: setting('MPESA_PASSKEY'),
  answerAfterMs: Number(process.env.DARAJA_SIMULATOR_ANSWER_MS ?? 3000),
  port: Number(process.env.PORT ?? 0),
});
console.log(JSON.stringify({ message: 'listening', url: simulator.url }));

const stop = () => void simulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
