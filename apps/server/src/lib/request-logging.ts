import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/** Files rather than calls: the web app's documents and assets, the server's images, the docs' assets. */
function isFileRequest(request: FastifyRequest): boolean {
  const { url } = request;
  return !url.startsWith("/api/") || url.startsWith("/api/static/") || url.startsWith("/api/docs");
}

/**
 * Request logs that an operator can follow, one line per call: "request completed" at info, carrying
 * the method, URL, address, status and time (the "incoming request" line goes to debug, as it would
 * double the log for nothing the completed line lacks). File requests are logged at debug altogether,
 * since one page load fetches dozens and they would drown everything else (the first-start notice
 * included). A failed file request is still logged as Fastify does.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && isFileRequest(request) && reply.statusCode < 500) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
    } else if (!error && reply.statusCode < 500) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    } else {
      super.requestCompleted(error, request, reply);
    }
  }
}
