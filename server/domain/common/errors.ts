import type { AiTask } from "../../../core/ai-schemas";

/**
 * Typed domain errors. Routes and the API map them to statuses and the product's messages; the
 * domain never sees a Request or Response.
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

/** Udemy says the coupon no longer works: nothing was spent, the course left the list. */
export class CouponEnded extends DomainError {
  override name = "CouponEnded";
  override readonly status = 410;
  constructor(readonly course: { id: number; title: string; category: string }) {
    super("This coupon has just run out");
  }
}

/**
 * A course of the demo catalogue was opened: it is an example with no real coupon, so nothing is
 * spent or recorded and nobody is sent to a made-up coupon.
 */
export class ExampleCourse extends DomainError {
  override name = "ExampleCourse";
  override readonly status = 409;
  constructor(readonly course: { id: number; title: string }) {
    super("This is an example course of the demo catalogue, not a live coupon");
  }
}

export class LimitReached extends DomainError {
  override name = "LimitReached";
  override readonly status = 429;
}

/** Too many requests from one client: the next is welcome after `retryAfterSeconds`. */
export class RateLimited extends LimitReached {
  override name = "RateLimited";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The AI service failed or timed out (after its retry). */
export class AiUnavailable extends DomainError {
  override name = "AiUnavailable";
  override readonly status = 502;
}

/** The AI answered, but not in the expected shape (and nothing could stand in for it). */
export class AiReplyUnreadable extends DomainError {
  override name = "AiReplyUnreadable";
  override readonly status = 502;
}

/**
 * An accepted AI task that could not be answered. The message is the task's own failure text;
 * `fault` says whose fault it was: the AI service's (`details` then explains it) or ours.
 */
export class AiTaskFailed extends Error {
  override name = "AiTaskFailed";
  constructor(
    message: string,
    readonly task: AiTask,
    readonly fault: "ai-service" | "ours",
    readonly details: string | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A third party we send through (an SMTP server, Telegram) failed for now; trying later may work. */
export class ChannelUnavailable extends DomainError {
  override name = "ChannelUnavailable";
  override readonly status = 502;
}
