import type { FormEventHandler, ReactNode, RefObject } from "react";
import { Form, useLocation } from "react-router";

/** A field of the course filter bar: a phone's tap height (44 px) from the first screen on. */
export const filterFieldClass =
  "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

/** The bar's buttons' shape (the caller adds the colours): the same tap height as the fields. */
export const filterButtonClass =
  "inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg px-4 text-sm font-semibold";

type SearchFormProps = {
  action: string;
  /** The form's accessible name (it is a search landmark). */
  label: string;
  formRef?: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className: string;
  children: ReactNode;
};

/**
 * A list's search and filters as a plain GET form, so it works without JavaScript. Keyed by the
 * query so its fields show the URL's state after Back, Forward and Clear.
 */
export function SearchForm({
  action,
  label,
  formRef,
  onSubmit,
  className,
  children,
}: SearchFormProps) {
  const location = useLocation();
  return (
    <Form
      key={location.search}
      ref={formRef}
      method="get"
      action={action}
      role="search"
      aria-label={label}
      preventScrollReset
      onSubmit={onSubmit}
      className={className}
    >
      {children}
    </Form>
  );
}

type SearchInputProps = {
  id: string;
  name: string;
  /** Read by screen readers only: the placeholder shows the sighted what to type. */
  label: string;
  value: string;
  maxLength: number;
  placeholder: string;
  className: string;
};

/** A search box with its (visually hidden) label. */
export function SearchInput({ id, label, value, className, ...input }: SearchInputProps) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name={input.name}
        defaultValue={value}
        maxLength={input.maxLength}
        placeholder={input.placeholder}
        className={className}
      />
    </>
  );
}

/**
 * The form's fields as query parameters, empty ones left out so the URL names only what was
 * asked; `leaveOut` drops more (a default value, a button's name).
 */
export function filledFormParams(
  form: HTMLFormElement,
  leaveOut: (key: string, text: string) => boolean = () => false,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    const text = String(value).trim();
    if (text === "" || leaveOut(key, text)) continue;
    params.set(key, text);
  }
  return params;
}

type FilterOption = { value: string; label: string };

/**
 * Builds the filter selects of one panel: `select(field, label, value, options)` renders the
 * select `course-<field>`, sending `paramOf(field)` (the field itself unless told), which
 * submits on change; a change made before hydration is replayed (data-replay).
 */
export function filterSelects<Field extends string>({
  labelClassName,
  onChange,
  paramOf = (field) => field,
}: {
  labelClassName: string;
  onChange: () => void;
  paramOf?: (field: Field) => string;
}) {
  return function select(field: Field, label: string, value: string, options: FilterOption[]) {
    const id = `course-${field}`;
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className={labelClassName}>
          {label}
        </label>
        <select
          id={id}
          name={paramOf(field)}
          data-replay={id}
          defaultValue={value}
          onChange={onChange}
          className={filterFieldClass}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    );
  };
}
