import { Link } from "react-router";

export type HeroProps = {
  onOpenGuide: () => void;
  onOpenTrending: () => void;
};

export function Hero({ onOpenGuide, onOpenTrending }: HeroProps) {
  return (
    <section
      id="hero"
      className="bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-600 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 py-14 md:py-20">
        <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight md:text-5xl">
          Free online courses, fresh every day
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-blue-50">
          Hand-picked Udemy courses with 100%-off coupons. Find one, open it before the coupon runs
          out, and learn for free. Want to share what you learned? Read and write{" "}
          <Link to="/articles" className="font-semibold underline underline-offset-2">
            community articles
          </Link>
          .
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <a
            href="#courses-section"
            className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-700 shadow hover:bg-blue-50"
          >
            Discover Courses
          </a>
          <button
            type="button"
            data-replay="open-ai-guide"
            onClick={onOpenGuide}
            className="rounded-lg border border-white/60 px-5 py-3 font-semibold hover:bg-white/10"
          >
            AI Learning Guide
          </button>
          <button
            type="button"
            data-replay="open-trending"
            onClick={onOpenTrending}
            className="rounded-lg border border-white/60 px-5 py-3 font-semibold hover:bg-white/10"
          >
            Trending Now
          </button>
        </div>
      </div>
    </section>
  );
}
