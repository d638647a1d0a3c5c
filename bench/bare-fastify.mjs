// The yardstick of `npm run bench`: a bare Fastify 5 process, in a process of
// its own, answering the bytes it was given with the public calendar's
// headers. Nothing else: no plugins, hooks or database. Usage: PORT=… node bench/bare-fastify.mjs
import Fastify from 'fastify';

const app = Fastify({ logger: false });
let body = '[]';
app.get('/bare', (_request, reply) =>
  reply
    .type('application/json; charset=utf-8')
    .header('cache-control', 'public, max-age=5')
    .send(body),
);
app.post('/bare-body', (request, reply) => {
  body = JSON.stringify(request.body);
  reply.send({ ok: true });
});
app.get('/ready', () => ({ ok: true }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
