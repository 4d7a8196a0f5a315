const AUTH_ERRORS = new Set([
  "invalid_auth",
  "not_authed",
  "token_revoked",
  "token_expired",
  "account_inactive",
]);

// Every other method runs on the bot token.
const APP_TOKEN_METHODS = new Set(["apps.connections.open"]);

export interface SlackReadinessState {
  token: boolean;
  /** Socket Mode only. */
  socket?: boolean;
}

/** Kept up to date from the calls the bot makes anyway (never a probe call). */
export interface SlackReadiness {
  observe(method: string, code: string | undefined): void;
  socketConnected(connected: boolean): void;
  state(): SlackReadinessState;
  /** False once Socket Mode has had no connection past the deaf limit. */
  alive(): boolean;
}

export interface DeafLimit {
  now: () => number;
  limitMs: number;
}

export function createSlackReadiness(initial: SlackReadinessState, deaf?: DeafLimit): SlackReadiness {
  let { token, socket } = initial;
  let appToken = true;
  let downSince = socket === false && deaf !== undefined ? deaf.now() : undefined;
  return {
    observe(method, code) {
      if (method === "response_url") return;
      const accepted = code === undefined ? true : AUTH_ERRORS.has(code) ? false : undefined;
      if (accepted === undefined) return;
      if (APP_TOKEN_METHODS.has(method)) appToken = accepted;
      else token = accepted;
    },
    socketConnected(connected) {
      socket = connected;
      if (connected) downSince = undefined;
      else downSince ??= deaf?.now();
    },
    state() {
      return socket === undefined ? { token } : { token, socket: socket && appToken };
    },
    alive() {
      return deaf === undefined || downSince === undefined || deaf.now() - downSince <= deaf.limitMs;
    },
  };
}
