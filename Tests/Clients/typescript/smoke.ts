// The TypeScript client (openapi-generator's typescript-fetch) against a live server: every topic
// in each language as the shape `localeMode` names, a search, an import of NDJSON as a binary body
// with an admin token, and a 404 read as the Problem. Prints "N passed, N failed".
// Usage: node smoke.js URL ADMIN_TOKEN (compiled next to the client's src/ by test_typescript_fetch.py).
import { Configuration, CreateImportFormatEnum, JobsApi, KnowledgeApi, ProblemFromJSON, ResponseError, SearchApi } from "../src/index";

// Node's own, without @types/node (not packaged for Debian's tsc).
declare const process: { argv: string[]; exit(code: number): never };

let passed = 0;
let failed = 0;
function check(ok: boolean, what: string): void {
    if (ok) {
        passed += 1;
    } else {
        failed += 1;
        console.error(`FAIL: ${what}`);
    }
}

async function main(url: string, adminToken: string): Promise<void> {
    const knowledge = new KnowledgeApi(new Configuration({ basePath: url }));
    const page = await knowledge.listTopics({ limit: 100 });
    check(page.items.length >= 14 && page.next === null, `one page of every topic (${page.items.length})`);
    for (const summary of page.items) {
        for (const lang of ["en", "ko", "en,ko"]) {
            const topic = await knowledge.getTopic({ slug: summary.slug, lang });
            if (topic.localeMode === "single") {
                check(lang !== "en,ko" && typeof topic.title === "string" && topic.locale !== undefined, `${summary.slug} in ${lang}`);
            } else {
                check(lang === "en,ko" && Object.keys(topic.title).join() === "en,ko" && Array.isArray(topic.missingLocales),
                      `${summary.slug} side by side`);
            }
            check(topic.updatedAt instanceof Date && !isNaN(topic.updatedAt.getTime()), `${summary.slug}: updatedAt is a date`);
        }
    }
    const korean = await new SearchApi(new Configuration({ basePath: url })).search({ q: "시트", lang: "ko" });
    check(korean.total > 0 && korean.items[0].matchedLocales.includes("ko"), "a Korean search finds Korean text");

    const jobs = new JobsApi(new Configuration({ basePath: url, accessToken: adminToken }));
    const ndjson = '{"kind":"category","slug":"typescript-client","title":{"en":"From TypeScript"}}\n';
    const job = await jobs.createImport({ body: new Blob([ndjson]), format: CreateImportFormatEnum.Ndjson });
    check(job.id.startsWith("job_") && job.params.format === "ndjson", "the import was queued as NDJSON");

    try {
        await knowledge.getTopic({ slug: "no-such-topic" });
        check(false, "a missing topic did not throw");
    } catch (error) {
        check(error instanceof ResponseError && error.response.status === 404, "a 404 is a ResponseError");
        if (error instanceof ResponseError) {
            const problem = ProblemFromJSON(await error.response.json());
            check(problem.type === "/problems/not-found" && problem.status === 404 && problem.detail.length > 0,
                  "the 404's body is the Problem");
        }
    }
}

main(process.argv[2], process.argv[3]).then(
    () => {
        console.log(`${passed} passed, ${failed} failed`);
        process.exit(failed === 0 ? 0 : 1);
    },
    (error) => {
        console.error(error);
        console.log(`${passed} passed, ${failed + 1} failed`);
        process.exit(1);
    },
);
