/** Slack errors that mean a token is no longer accepted. */
const AUTH_ERRORS = new Set([
  "invalid_auth",
  "not_authed",
  "token_revoked",
  "token_expired",
  "account_inactive",
]);

/** The app-level token opens Socket Mode connections; every other method runs on the bot token. */
const APP_TOKEN_METHODS = new Set(["apps.connections.open"]);

export interface SlackReadinessState {
  /** Slack accepted the bot token at start and has not rejected it since. */
  token: boolean;
  /** Socket Mode only: the last connection was accepted and is open. */
  socket?: boolean;
}

/** What /readyz reports about Slack, kept up to date from the calls the bot makes anyway (never a probe call). */
export interface SlackReadiness {
  /** One finished Slack call: its method and error code (undefined when it succeeded). */
  observe(method: string, code: string | undefined): void;
  socketConnected(connected: boolean): void;
  state(): SlackReadinessState;
  /** False once Socket Mode has had no open connection for longer than the deaf limit: time for a restart. */
  alive(): boolean;
}

export interface DeafLimit {
  now: () => number;
  /** How long Socket Mode may stay without a connection before the process counts as dead. */
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
