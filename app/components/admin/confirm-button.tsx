import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Modal } from "../ui/modal";

/** A destructive action asks first, in a focus-trapped dialog; it posts to the current section. */
export function ConfirmButton({
  label,
  title,
  intent,
  fields,
  children,
}: {
  label: string;
  title: string;
  intent: string;
  fields: Record<string, string>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-red-300 px-3 py-1 text-sm font-semibold text-red-700 dark:border-red-800 dark:text-red-300"
      >
        {label}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={title}>
        <p>{children}</p>
        <Form method="post" className="mt-6 flex justify-end gap-2" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={navigation.state !== "idle"}
            className="rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white"
          >
            {label}
          </button>
        </Form>
      </Modal>
    </>
  );
}
