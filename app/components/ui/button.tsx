import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

/**
 * The site's button looks, as they exist today (so moving a button here changes no page): a
 * filled brand button (primary) and an outlined one (secondary), each in the sizes in use. The
 * classes are written out whole, in Tailwind's order, rather than assembled, so the rendered
 * HTML stays byte for byte what it was.
 */
const BUTTON_CLASSES = {
  primary: {
    /** Dialog footers: Close. */
    small: "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white",
    /** Forms and "back to the list" links. */
    medium: "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700",
    /** The one way onward on a full page (the /go pages, unsubscribe). */
    large: "rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white",
  },
  secondary: {
    small:
      "rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600",
    medium: "rounded-lg border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600",
  },
} as const;

type Variant = keyof typeof BUTTON_CLASSES;
type Size<V extends Variant> = keyof (typeof BUTTON_CLASSES)[V];

export type ButtonLook<V extends Variant = Variant> = {
  variant: V;
  size: Size<V>;
  /** Placement only (margin, display, a tap height): it goes before the look's classes. */
  className?: string;
};

/** The class string of a button look, with the caller's placement classes first. */
export function buttonClass<V extends Variant>(
  variant: V,
  size: Size<V>,
  placement?: string,
): string {
  const look = BUTTON_CLASSES[variant][size] as string;
  return placement ? `${placement} ${look}` : look;
}

type ButtonProps<V extends Variant> = ButtonLook<V> &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className"> & { children: ReactNode };

/** A <button> (type "button" unless told) in one of the site's button looks. */
export function Button<V extends Variant>({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ButtonProps<V>) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

type ButtonLinkProps<V extends Variant> = ButtonLook<V> & Omit<LinkProps, "className">;

/** A link that looks like one of the site's buttons. */
export function ButtonLink<V extends Variant>({
  variant,
  size,
  className,
  ...props
}: ButtonLinkProps<V>) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
