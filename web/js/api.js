// The server's JSON API: one fetch wrapper, so every failure reaches the user as one line.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

export class Api {
  // `showError(message)` displays a failure; every method also throws it, so a caller
  // that must stop (an illegal move) can.
  constructor(showError) {
    this.showError = showError;
  }

  get(path) { return this.request('GET', path); }
  post(path, body) { return this.request('POST', path, body); }
  patch(path, body) { return this.request('PATCH', path, body); }
  delete(path) { return this.request('DELETE', path); }

  // Like request(), but a failure is only thrown, not displayed: for callers that expect
  // it (an optional endpoint, a move the user is still composing).
  async quiet(method, path, body) {
    return this.request(method, path, body, { quiet: true });
  }

  async request(method, path, body, { quiet = false } = {}) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      if (typeof body === 'string') {
        init.headers['Content-Type'] = 'text/plain';
        init.body = body;
      } else if (body instanceof Blob) {  // a file's bytes as they are (a compressed certificate)
        init.headers['Content-Type'] = 'application/octet-stream';
        init.body = body;
      } else {
        init.headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      return this.fail(`${method} ${path}: the server does not answer (${e.message})`, 0, quiet);
    }
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      if (response.ok) return this.fail(`${method} ${path}: the answer is not JSON`, response.status, quiet);
    }
    if (!response.ok) {
      const message = data && data.error ? data.error : `${response.status} ${response.statusText}`;
      return this.fail(message, response.status, quiet);
    }
    return data;
  }

  fail(message, status, quiet) {
    if (!quiet) this.showError(message);
    throw new ApiError(message, status);
  }
}
