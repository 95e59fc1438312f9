import type { ReactNode } from "react";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/**
 * Readable long-form typography without a typography plugin: spacing, lists and links for the
 * plain elements a page writes inside it. Shared by the legal pages, contact and downloads.
 */
export const proseClass =
  "text-base leading-7 text-slate-700 dark:text-slate-300 " +
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 " +
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 " +
  "[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white " +
  "[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white " +
  "[&_a]:font-medium [&_a]:text-brand-600 [&_a]:underline [&_a]:underline-offset-2 " +
  "hover:[&_a]:text-brand-700 dark:[&_a]:text-brand-100";

/** A text page's title over a ruled line, with what the page says of itself beneath it. */
export function PageHeader({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h1>
      {children}
    </header>
  );
}

/** The intro line under a PageHeader's title on the contact and downloads pages. */
export function PageIntro({ children }: { children: ReactNode }) {
  return <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{children}</p>;
}

type ProseSectionProps = {
  /** The heading's id, which labels the section. */
  headingId: string;
  title: ReactNode;
  children: ReactNode;
};

/** A titled section of running text on a text page (contact, downloads). */
export function ProseSection({ headingId, title, children }: ProseSectionProps) {
  return (
    <section aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">
        {title}
      </h2>
      <div className={proseClass}>{children}</div>
    </section>
  );
}

export type LegalSection = {
  /** Fragment id, so a section can be linked to (e.g. /privacy#your-rights). */
  id: string;
  title: string;
  content: ReactNode;
};

type LegalPageProps = {
  title: string;
  /** e.g. "Effective date: October 26, 2024". */
  dateLine: string;
  intro: ReactNode;
  sections: LegalSection[];
};

/** A legal document: title, date, introduction, a table of contents and numbered sections. */
export function LegalPage({ title, dateLine, intro, sections }: LegalPageProps) {
  const { t } = useMessages();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <PageHeader title={title}>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{dateLine}</p>
      </PageHeader>

      <div className={`mt-6 ${proseClass}`}>{intro}</div>

      <nav
        aria-labelledby="legal-contents-heading"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2
          id="legal-contents-heading"
          className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white"
        >
          {t(m.legal_on_this_page)}
        </h2>
        <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-brand-600 hover:underline dark:text-brand-100"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="mt-10 scroll-mt-24"
        >
          <h2
            id={`${section.id}-heading`}
            className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white"
          >
            {index + 1}. {section.title}
          </h2>
          <div className={proseClass}>{section.content}</div>
        </section>
      ))}
    </article>
  );
}
