import { parseArgs } from "node:util";
import {
  listArticlesForOperators,
  setArticleStatus,
  type OperatorArticle,
} from "../server/domain/articles/operator-articles";
import { ValidationError } from "../server/domain/common/errors";
import { callServer, openCliTarget, readCliConfig, runCommand } from "./cli-database";

const usage = `Usage:
  npm run articles -- hide <id>      hide an article (it 404s and leaves the list, sitemap and feed)
  npm run articles -- unhide <id>    publish a hidden article again
  npm run articles -- list [--limit 100]`;

type ArticleLine = Omit<OperatorArticle, "createdAt"> & { createdAt: string | Date };

function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0) {
    throw new ValidationError(`"${value ?? ""}" is not an article id (a positive whole number).`);
  }
  return id;
}

function describe(article: ArticleLine): string {
  const created = new Date(article.createdAt).toISOString();
  return `#${article.id}  ${article.status.padEnd(9)}  ${created}  ${article.title}  — ${article.author}`;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      limit: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || (command !== "hide" && command !== "unhide" && command !== "list")) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const config = readCliConfig();

  if (command === "list") {
    const limit = values.limit === undefined ? 100 : Number(values.limit);
    if (!Number.isInteger(limit) || limit <= 0) {
      throw new ValidationError("--limit must be a positive whole number");
    }
    const target = await openCliTarget(config);
    let rows: ArticleLine[];
    if (target.kind === "server") {
      rows = (
        await callServer<{ articles: ArticleLine[] }>(target.owner, "articles-list", { limit })
      ).articles;
    } else {
      try {
        rows = await listArticlesForOperators(target.services, limit);
      } finally {
        await target.close();
      }
    }
    if (rows.length === 0) console.log("No articles yet.");
    for (const row of rows) console.log(describe(row));
    return;
  }

  const id = parseId(positionals[1]);
  const status = command === "hide" ? "hidden" : "published";
  const target = await openCliTarget(config);
  let article: ArticleLine;
  if (target.kind === "server") {
    article = (
      await callServer<{ article: ArticleLine }>(target.owner, `articles-${command}`, { id })
    ).article;
  } else {
    try {
      article = await setArticleStatus(target.services, id, status);
    } finally {
      await target.close();
    }
  }
  console.log(`${command === "hide" ? "Hidden" : "Published"}: ${describe(article)}`);
}

runCommand(main, usage);
