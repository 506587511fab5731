// A minimal JSON-RPC client over an MCP transport that returns RAW results: no result schema is
// applied, so an old server's surface is recorded exactly as the server states it (the SDK's
// own Client would reject e.g. an inputSchema without "type": "object").

export class RpcError extends Error {
  constructor(method, error) {
    super(`${method} failed: ${error?.message ?? 'unknown error'} (JSON-RPC error ${error?.code ?? '?'})`);
    this.name = 'RpcError';
    this.method = method;
    this.code = error?.code;
    this.data = error?.data;
  }
}

export class RpcSession {
  constructor(transport) {
    this.transport = transport;
    this.nextId = 1;
    this.pending = new Map();
    this.failure = null;
    transport.onmessage = (message) => this._receive(message);
    transport.onerror = (error) => {
      // Streamable HTTP reports failed POSTs through send() as well; only transport-level
      // failures without a pending send (stdio protocol errors) end the session here.
      if (error?.code === 'PROTOCOL' || error?.code === 'SPAWN' || error?.code === 'CLOSED') this.fail(error);
      // The SDK's event-stream reader reports an event that is not JSON (SyntaxError) or not
      // JSON-RPC (a schema error with `issues`) only here; no answer follows it.
      else if (error instanceof SyntaxError) this.fail(Object.assign(new Error(`the answer is not valid JSON (${error.message})`), { code: 'PROTOCOL' }));
      else if (Array.isArray(error?.issues)) this.fail(Object.assign(new Error('the answer is JSON but not a JSON-RPC message (is this URL an MCP endpoint?)'), { code: 'PROTOCOL' }));
    };
    transport.onclose = () => this.fail(Object.assign(new Error('the server closed the connection'), { code: 'CLOSED' }));
  }

  /** Rejects every pending and future request with `error` (the first failure wins). */
  fail(error) {
    if (this.failure) return;
    this.failure = error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  async request(method, params) {
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    const answer = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, method }));
    // If the send fails, the session may already have rejected `answer` (the server exited):
    // that rejection is reported by the throw below, so it must not also go unhandled.
    answer.catch(() => {});
    try {
      await this.transport.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    } catch (error) {
      this.pending.delete(id);
      throw this.failure ?? error;
    }
    return answer;
  }

  async notify(method, params) {
    if (this.failure) throw this.failure;
    await this.transport.send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
  }

  isPending(id) {
    return this.pending.has(id);
  }

  methodOf(id) {
    return this.pending.get(id)?.method;
  }

  /** Which request is still waiting (for timeout messages). */
  waitingFor() {
    return [...this.pending.values()].map((p) => p.method).reverse(); // most recent first
  }

  _receive(message) {
    if ('id' in message && ('result' in message || 'error' in message) && !('method' in message)) {
      const waiter = this.pending.get(message.id);
      if (!waiter) return; // a late answer to a request we gave up on
      this.pending.delete(message.id);
      if ('error' in message) waiter.reject(new RpcError(waiter.method, message.error));
      else waiter.resolve(message.result);
      return;
    }
    if ('method' in message && 'id' in message) {
      // A request from the server. We declare no client capabilities, so only ping is answered.
      const reply =
        message.method === 'ping'
          ? { jsonrpc: '2.0', id: message.id, result: {} }
          : { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } };
      this.transport.send(reply).catch(() => {});
    }
    // Notifications (logging, list_changed, progress) do not change what we record.
  }
}
