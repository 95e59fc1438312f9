import type { ChangeNotice, ChangeNotices } from "../../server/db/change-notices";

/** Change notices for one instance under test: what it published, and `hear` plays another's. */
export function recordChangeNotices() {
  const published: ChangeNotice[] = [];
  const listeners: Array<(notice: ChangeNotice) => void> = [];
  const notices: ChangeNotices = {
    publish: (notice) => published.push(notice),
    subscribe: (listener) => listeners.push(listener),
    describe: () => "recorder",
    close: async () => undefined,
  };
  return {
    notices,
    published,
    hear: (notice: ChangeNotice) => listeners.forEach((listener) => listener(notice)),
  };
}
