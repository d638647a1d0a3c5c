// The yardstick of `npm run bench`: a bare Fastify 5 process, in a process of
// its own, answering the bytes it was given: the public calendar's body and
// headers, as the app sends them. Nothing else: no plugins, hooks or database.
// Usage: PORT=… node bench/bare-fastify.mjs
import Fastify from 'fastify';

const app = Fastify({ logger: false });
let body = '[]';
let headers = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=5',
};
app.get('/bare', (_request, reply) => reply.headers(headers).send(body));
// {body, headers}: the answer to give, byte for byte (bench/run.mjs checks it).
app.post('/bare-answer', (request, reply) => {
  ({ body, headers } = request.body);
  reply.send({ ok: true });
});
app.get('/ready', () => ({ ok: true }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
