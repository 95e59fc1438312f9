/**
 * Typed domain errors. Routes and the API map them to statuses and SPEC's messages; the domain
 * never sees a Request or Response.
 */
export class DomainError extends Error {
  readonly status: number = 400;
}

export class ValidationError extends DomainError {
  override name = "ValidationError";
  override readonly status = 400;
}

export class Unauthorized extends DomainError {
  override name = "Unauthorized";
  override readonly status = 401;
}

export class Forbidden extends DomainError {
  override name = "Forbidden";
  override readonly status = 403;
}

export class NotFound extends DomainError {
  override name = "NotFound";
  override readonly status = 404;
}

export class Conflict extends DomainError {
  override name = "Conflict";
  override readonly status = 409;
}

export class OutOfCredits extends DomainError {
  override name = "OutOfCredits";
  override readonly status = 402;
  constructor(message = "Credit Limit Reached") {
    super(message);
  }
}

export class LimitReached extends DomainError {
  override name = "LimitReached";
  override readonly status = 429;
}
