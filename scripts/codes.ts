import { parseArgs } from "node:util";
import { ValidationError } from "../server/domain/common/errors";
import {
  createRedeemCodes,
  listRedeemCodes,
  validateNewCodesRequest,
  type NewCodesRequest,
} from "../server/domain/accounts/redeem";
import { callServer, openCliTarget, readCliConfig, runCommand } from "./cli-database";

const usage = `Usage:
  npm run codes -- create --type credits --credits 20 --uses 100 [--expires 2026-12-31] [--count 5]
  npm run codes -- create --type premium [--days 30] --uses 10 [--expires 2026-12-31] [--count 5]
  npm run codes -- list

  --type      credits | premium
  --credits   credits a credits code adds
  --days      premium days (omit for permanent premium)
  --uses      how many users may redeem each code
  --expires   last day the code works (YYYY-MM-DD, end of that day in Jakarta) or an ISO time
  --count     how many codes to mint (default 1)`;

type CodeRow = {
  code: string;
  type: string;
  credits: number;
  premiumDays: number | null;
  maxUses: number;
  uses: number;
  usesLeft: number;
  expiresAt: string | Date | null;
  disabled: boolean;
};

function parseExpiry(value: string | undefined): Date | null {
  if (!value) return null;
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59+07:00` : value;
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new ValidationError(`--expires: "${value}" is not a date`);
  return new Date(time);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      type: { type: "string" },
      credits: { type: "string" },
      days: { type: "string" },
      uses: { type: "string" },
      expires: { type: "string" },
      count: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || (command !== "create" && command !== "list")) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const config = readCliConfig();

  if (command === "create") {
    if (values.type !== "credits" && values.type !== "premium") {
      console.error("--type must be credits or premium\n");
      console.log(usage);
      process.exit(2);
    }
    const request: NewCodesRequest = {
      type: values.type,
      credits: values.credits === undefined ? undefined : Number(values.credits),
      premiumDays: values.days === undefined ? null : Number(values.days),
      maxUses: Number(values.uses ?? "1"),
      expiresAt: parseExpiry(values.expires),
      count: values.count === undefined ? 1 : Number(values.count),
    };
    validateNewCodesRequest(request);
    const target = await openCliTarget(config);
    let codes: string[];
    if (target.kind === "server") {
      codes = (await callServer<{ codes: string[] }>(target.owner, "codes-create", request)).codes;
    } else {
      try {
        codes = await createRedeemCodes(target.services, request);
      } finally {
        await target.close();
      }
    }
    for (const code of codes) console.log(code);
    return;
  }

  const target = await openCliTarget(config);
  let rows: CodeRow[];
  if (target.kind === "server") {
    rows = (await callServer<{ codes: CodeRow[] }>(target.owner, "codes-list", {})).codes;
  } else {
    try {
      rows = await listRedeemCodes(target.services);
    } finally {
      await target.close();
    }
  }
  if (rows.length === 0) console.log("No codes yet.");
  for (const row of rows) {
    const what =
      row.type === "credits"
        ? `${row.credits} credits`
        : row.premiumDays === null
          ? "premium (permanent)"
          : `premium ${row.premiumDays} days`;
    const expires = row.expiresAt ? new Date(row.expiresAt).toISOString() : "never";
    console.log(
      `${row.code}  ${what.padEnd(22)}  uses left ${row.usesLeft}/${row.maxUses}  expires ${expires}${row.disabled ? "  DISABLED" : ""}`,
    );
  }
}

runCommand(main, usage);
