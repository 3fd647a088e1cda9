// The REST API (/api/v1) as the web pages use it: session cookie plus Django's CSRF token.

export class ApiError extends Error {
  constructor(status, code, detail) {
    super(detail);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

function csrfToken() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  if (meta && meta.content) return meta.content;
  const cookie = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
  return cookie ? decodeURIComponent(cookie.slice("csrftoken=".length)) : "";
}

function describe(data) {
  if (!data || typeof data !== "object") return null;
  if (data.error) return data.error;
  // DRF validation errors: {"field": ["message"]}
  const parts = Object.entries(data).map(([field, messages]) => {
    const text = Array.isArray(messages) ? messages.join(" ") : String(messages);
    return field === "non_field_errors" || field === "detail" ? text : `${field}: ${text}`;
  });
  return parts.length ? { code: "invalid", detail: parts.join("; ") } : null;
}

export async function apiRequest(method, path, body) {
  const options = {
    method,
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  };
  if (method !== "GET") options.headers["X-CSRFToken"] = csrfToken();
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(`/api/v1${path}`, options);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = describe(data) || { code: `http_${response.status}`, detail: response.statusText };
    throw new ApiError(response.status, error.code, error.detail);
  }
  return data;
}

export const api = {
  openTables: () => apiRequest("GET", "/tables?status=open"),
  tables: (status) => apiRequest("GET", `/tables?status=${encodeURIComponent(status)}`),
  table: (id) => apiRequest("GET", `/tables/${id}`),
  createTable: (options) => apiRequest("POST", "/tables", options),
  join: (id, seat) => apiRequest("POST", `/tables/${id}/join`, seat === undefined ? {} : { seat }),
  leave: (id) => apiRequest("POST", `/tables/${id}/leave`, {}),
  addBot: (id, seat, level) => apiRequest("POST", `/tables/${id}/bots`, { seat, level }),
  start: (id) => apiRequest("POST", `/tables/${id}/start`, {}),
  game: (id) => apiRequest("GET", `/games/${id}`),
  moves: (id) => apiRequest("GET", `/games/${id}/moves`),
  hint: (id) => apiRequest("POST", `/games/${id}/hint`, {}),
  abort: (id) => apiRequest("POST", `/games/${id}/abort`, {}),
  takeback: (id, version) => apiRequest("POST", `/games/${id}/takeback`, { version }),
  acceptTakeback: (id, version) => apiRequest("POST", `/games/${id}/takeback/accept`, { version }),
  declineTakeback: (id, version) => apiRequest("POST", `/games/${id}/takeback/decline`, { version }),
  ratingChanges: (id) => apiRequest("GET", `/games/${id}/rating-changes`),
};
