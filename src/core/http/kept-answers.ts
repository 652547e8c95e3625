import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that comes back as the very same object again and again (a page kept by the access
 * cache) as the JSON written the first time: the route's response schema serialises each object once.
 * One per route, since the text is that route's schema's; a text lives as long as its object is kept.
 */
export function keptAnswers(): (reply: FastifyReply, answer: object) => FastifyReply {
  const texts = new WeakMap<object, string>();
  return (reply, answer) => {
    let text = texts.get(answer);
    if (text === undefined) {
      // A route's response schema serialises to text (Fastify's type allows buffers for custom serialisers).
      text = reply.serialize(answer) as string;
      texts.set(answer, text);
    }
    return reply.type('application/json; charset=utf-8').send(text);
  };
}
