// Talking to the server over HTTP: the catalog, creating and joining rooms, a room's summary,
// the history and the replays (a room's socket: net.js, which the home page does not load).
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError("network", "network error", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (response.status === 422) throw new ApiError("validation", "invalid input", 422);
    const code =
      data?.code ?? data?.detail?.code ?? (response.status === 404 ? "room_not_found" : "internal");
    throw new ApiError(code, data?.message ?? data?.detail?.message ?? "", response.status);
  }
  return data;
}

export const api = {
  catalog: () => request("GET", "/api/catalog"),
  createRoom: (name, game, settings, device, extra = {}) =>
    request("POST", "/api/rooms", { name, game, settings, device, ...extra }),
  joinRoom: (code, name, joinKey, device) =>
    request("POST", `/api/rooms/${encodeURIComponent(code)}/join`, {
      name,
      join_key: joinKey,
      device,
    }),
  getRoom: (code) => request("GET", `/api/rooms/${encodeURIComponent(code)}`),
  history: (limit = 200) => request("GET", `/api/history?limit=${limit}`),
  replay: (gameId) => request("GET", `/api/games/${encodeURIComponent(gameId)}/replay`),
  replayStep: (gameId, step, viewer) => {
    const query = `?viewer=${encodeURIComponent(viewer)}`;
    return request("GET", `/api/games/${encodeURIComponent(gameId)}/replay/step/${step}${query}`);
  },
};
