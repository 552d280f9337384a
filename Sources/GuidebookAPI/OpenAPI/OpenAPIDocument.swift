/// The API contract: an OpenAPI 3.1 document describing every route the router serves, served
/// verbatim at `GET /openapi.json`.
///
/// Edit the JSON below by hand when a route, a parameter, a status or a representation changes.
/// `OpenAPIContractTests` parses it and fails when its `paths` and the router's routes disagree;
/// `scripts/schemathesis.sh` checks the running server against it.
public enum OpenAPIDocument {
    /// The document's bytes (UTF-8 JSON), as served.
    public static let bytes: [UInt8] = Array(json.utf8)

    /// The document as JSON text.
    public static let json: String = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "Guidebook API",
    "version": "0.1.0",
    "summary": "A bilingual (English/Korean) knowledge base of UI design guidelines: read, search, import.",
    "description": "All resources are JSON (UTF-8). `HEAD` works wherever `GET` does (same status and headers, no body).\n\n**Locales.** `?lang=ko` or an `Accept-Language` header (q-values honoured, `ko-KR` matches `ko`) chooses the language; `lang` wins over the header. A text without a translation in the chosen locale is served in English and the item says so (`\"locale\": \"en\", \"fallback\": true`); `Content-Language` names the locales actually served. `?lang=en,ko` (or `lang=*`) is the side-by-side mode: every text field becomes an object with one member per locale (`null` where a translation is missing) and each item carries `missing_locales` instead of `locale` and `fallback`. An unknown `lang` is a 400; an unknown `Accept-Language` falls back to English.\n\n**Pagination.** Lists take `limit` and return `next`: an opaque cursor for the next page, or `null` on the last page, also sent as `Link: <...>; rel=\"next\"` with the other query parameters kept. Cursors are keyset cursors; a cursor from another list is a 400.\n\n**Caching.** Cacheable `200` responses to `GET` carry a strong `ETag` (a hash of the body); `If-None-Match` with it answers `304 Not Modified`. Localized responses carry `Vary: Accept-Language`. The probes, `/metrics`, the job list, unfinished jobs and event streams are not cacheable and carry no `ETag`.\n\n**Errors.** Every error is `application/problem+json` (RFC 9457) with `type` (`/problems/{kind}`), `title`, `status`, `detail`, `instance` (the request path) and string extension members that name the cause (`parameter`, `field`, `line`, `limit`, `state`). A path the router does not know is a 404 (`/problems/not-found`) whatever the method; a known path with a method it does not serve is a 405 with `Allow` (`components.responses.MethodNotAllowed`); an `Accept` header that excludes JSON is a 406; a request body over the limit is a 413 (`--body-limit`, or `--import-limit` for imports); 503 means busy, with `Retry-After`. A 500 (`/problems/internal-error`) is a bug: it names only the request id and the log has the details.\n\nEvery response carries `X-Request-Id` (the client's own when it sends a sane one)."
  },
  "tags": [
    {"name": "service", "description": "The API's own resources: description, catalog."},
    {"name": "page", "description": "The web page for people: HTML, CSS and JavaScript served by the same binary, reading everything from this API."},
    {"name": "knowledge", "description": "Categories, topics, guidelines, translations and locales."},
    {"name": "search", "description": "Bilingual full-text search."},
    {"name": "jobs", "description": "Imports as durable, cancelable jobs with live progress."},
    {"name": "operations", "description": "Probes and metrics."}
  ],
  "paths": {
    "/": {
      "get": {
        "tags": ["page"],
        "operationId": "getIndex",
        "summary": "The web page for browsers; the service's name, version and links for API clients",
        "description": "Negotiated on `Accept`: when it ranks `text/html` above JSON (as browsers do), the answer is the web page's HTML shell; otherwise (`*/*`, `application/json`, no header) it is the JSON index of links. `Vary: Accept` says so to caches.",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "The index (JSON) or the page (HTML).",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Vary": {"description": "`Accept`: the body depends on it.", "required": true, "schema": {"type": "string", "const": "Accept"}},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {
              "application/json": {"schema": {"$ref": "#/components/schemas/Index"}},
              "text/html": {"schema": {"type": "string"}}
            }
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "406": {"$ref": "#/components/responses/NotAcceptable"}
        }
      }
    },
    "/topics/{slug}": {
      "parameters": [{"$ref": "#/components/parameters/Slug"}],
      "get": {
        "tags": ["page"],
        "operationId": "getTopicPage",
        "summary": "The web page showing a topic (its address in the page)",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {"$ref": "#/components/responses/Page"},
          "304": {"$ref": "#/components/responses/NotModified"},
          "404": {"$ref": "#/components/responses/PageNotFound"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/guidelines/{id}": {
      "parameters": [{"$ref": "#/components/parameters/GuidelineId"}],
      "get": {
        "tags": ["page"],
        "operationId": "getGuidelinePage",
        "summary": "The web page showing one guideline beside its topic",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {"$ref": "#/components/responses/Page"},
          "304": {"$ref": "#/components/responses/NotModified"},
          "404": {"$ref": "#/components/responses/PageNotFound"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/imports": {
      "get": {
        "tags": ["page"],
        "operationId": "getImportsPage",
        "summary": "The web page for importing files with live progress",
        "description": "`?job={id}` shows that job and follows its event stream.",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {"$ref": "#/components/responses/Page"},
          "304": {"$ref": "#/components/responses/NotModified"},
          "406": {"$ref": "#/components/responses/NotAcceptable"}
        }
      }
    },
    "/assets/{name}": {
      "parameters": [{
        "name": "name",
        "in": "path",
        "required": true,
        "description": "A fingerprinted file name as the page names it (`app.<16 hex digits>.js`). Any other name, an earlier fingerprint included, is a 404.",
        "schema": {"type": "string", "minLength": 1}
      }],
      "get": {
        "tags": ["page"],
        "operationId": "getPageAsset",
        "summary": "A stylesheet, script or icon of the web page, cacheable for a year",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "The file. `Cache-Control: public, max-age=31536000, immutable`: its name changes whenever its bytes do.",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Cache-Control": {"description": "`public, max-age=31536000, immutable`.", "required": true, "schema": {"type": "string", "const": "public, max-age=31536000, immutable"}},
              "X-Content-Type-Options": {"$ref": "#/components/headers/X-Content-Type-Options"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {
              "text/css": {"schema": {"type": "string"}},
              "text/javascript": {"schema": {"type": "string"}},
              "image/svg+xml": {"schema": {"type": "string"}}
            }
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "404": {"$ref": "#/components/responses/NotFound"},
          "406": {"$ref": "#/components/responses/NotAcceptable"}
        }
      }
    },
    "/openapi.json": {
      "get": {
        "tags": ["service"],
        "operationId": "getOpenAPIDocument",
        "summary": "This document: the API contract as OpenAPI 3.1",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "The OpenAPI document.",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/OpenAPIDocument"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "406": {"$ref": "#/components/responses/NotAcceptable"}
        }
      }
    },
    "/.well-known/api-catalog": {
      "get": {
        "tags": ["service"],
        "operationId": "getAPICatalog",
        "summary": "The API catalog (RFC 9727): a linkset pointing at this description",
        "description": "A linkset (RFC 9264). Its first context is the catalog itself, with an `item` link to the API; the second is the API (`/`), with `service-desc` (this OpenAPI document) and `status` (the readiness probe).",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "The catalog, as `application/linkset+json` with the RFC 9727 profile parameter.",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Link": {
                "description": "`</.well-known/api-catalog>; rel=\"api-catalog\"` (RFC 9727, section 3).",
                "required": true,
                "schema": {"type": "string", "const": "</.well-known/api-catalog>; rel=\"api-catalog\""}
              },
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/linkset+json": {"schema": {"$ref": "#/components/schemas/Linkset"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "406": {"$ref": "#/components/responses/NotAcceptable"}
        }
      }
    },
    "/livez": {
      "get": {
        "tags": ["operations"],
        "operationId": "getLiveness",
        "summary": "Liveness: the process answers (checks nothing else)",
        "parameters": [{"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "The process is alive.",
            "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Liveness"}}}
          },
          "406": {"$ref": "#/components/responses/NotAcceptable"}
        }
      }
    },
    "/readyz": {
      "get": {
        "tags": ["operations"],
        "operationId": "getReadiness",
        "summary": "Readiness: the database is open and migrated and the seed is loaded",
        "parameters": [{"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "Ready to serve.",
            "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Readiness"}}}
          },
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {
            "description": "Not ready; `reasons` says why. This is the probe's own JSON, not a problem document.",
            "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Readiness"}}}
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "tags": ["operations"],
        "operationId": "getMetrics",
        "summary": "Prometheus metrics (text exposition format 0.0.4)",
        "parameters": [{"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "`guidebook_http_requests_total{method,route,status}` (route templates, not raw paths), `guidebook_http_request_duration_seconds` (histogram), `guidebook_http_requests_in_flight`, `guidebook_jobs{status}`, `guidebook_import_guidelines_total`, `guidebook_import_seconds_total`, `guidebook_import_guidelines_per_second`, `guidebook_database_size_bytes`, `guidebook_search_queries_total`, `guidebook_search_zero_results_total`, `guidebook_search_zero_result_ratio`. Content type `text/plain; version=0.0.4; charset=utf-8`.",
            "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
            "content": {"text/plain": {"schema": {"type": "string"}}}
          },
          "406": {"$ref": "#/components/responses/NotAcceptable"}
        }
      }
    },
    "/v1/categories": {
      "get": {
        "tags": ["knowledge"],
        "operationId": "listCategories",
        "summary": "The categories with their topic counts, in display order",
        "parameters": [
          {"$ref": "#/components/parameters/Lang"},
          {"$ref": "#/components/parameters/AcceptLanguage"},
          {"$ref": "#/components/parameters/IfNoneMatch"},
          {"$ref": "#/components/parameters/RequestId"}
        ],
        "responses": {
          "200": {
            "description": "Every category (not paginated).",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Content-Language": {"$ref": "#/components/headers/Content-Language"},
              "Vary": {"$ref": "#/components/headers/Vary"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CategoryList"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/topics": {
      "get": {
        "tags": ["knowledge"],
        "operationId": "listTopics",
        "summary": "Topics in display order",
        "description": "`category` restricts the list to one category (an unknown category is a 400 naming `category`).",
        "parameters": [
          {"$ref": "#/components/parameters/CategoryFilter"},
          {"$ref": "#/components/parameters/Limit"},
          {"$ref": "#/components/parameters/Cursor"},
          {"$ref": "#/components/parameters/Lang"},
          {"$ref": "#/components/parameters/AcceptLanguage"},
          {"$ref": "#/components/parameters/IfNoneMatch"},
          {"$ref": "#/components/parameters/RequestId"}
        ],
        "responses": {
          "200": {
            "description": "A page of topics.",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Content-Language": {"$ref": "#/components/headers/Content-Language"},
              "Vary": {"$ref": "#/components/headers/Vary"},
              "Link": {"$ref": "#/components/headers/Link"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TopicPage"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/topics/{slug}": {
      "parameters": [{"$ref": "#/components/parameters/Slug"}],
      "get": {
        "tags": ["knowledge"],
        "operationId": "getTopic",
        "summary": "One topic with its sections and their guidelines",
        "parameters": [
          {"$ref": "#/components/parameters/Lang"},
          {"$ref": "#/components/parameters/AcceptLanguage"},
          {"$ref": "#/components/parameters/IfNoneMatch"},
          {"$ref": "#/components/parameters/RequestId"}
        ],
        "responses": {
          "200": {
            "description": "The topic.",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Content-Language": {"$ref": "#/components/headers/Content-Language"},
              "Vary": {"$ref": "#/components/headers/Vary"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Topic"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "404": {"$ref": "#/components/responses/NotFound"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/guidelines": {
      "get": {
        "tags": ["knowledge"],
        "operationId": "listGuidelines",
        "summary": "Guidelines",
        "description": "With `topic`, the topic's guidelines in display order (an unknown topic is a 400 naming `topic`); without it, every guideline in a stable order.",
        "parameters": [
          {"$ref": "#/components/parameters/TopicFilter"},
          {"$ref": "#/components/parameters/Limit"},
          {"$ref": "#/components/parameters/Cursor"},
          {"$ref": "#/components/parameters/Lang"},
          {"$ref": "#/components/parameters/AcceptLanguage"},
          {"$ref": "#/components/parameters/IfNoneMatch"},
          {"$ref": "#/components/parameters/RequestId"}
        ],
        "responses": {
          "200": {
            "description": "A page of guidelines.",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Content-Language": {"$ref": "#/components/headers/Content-Language"},
              "Vary": {"$ref": "#/components/headers/Vary"},
              "Link": {"$ref": "#/components/headers/Link"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GuidelinePage"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/guidelines/{id}": {
      "parameters": [{"$ref": "#/components/parameters/GuidelineId"}],
      "get": {
        "tags": ["knowledge"],
        "operationId": "getGuideline",
        "summary": "One guideline",
        "parameters": [
          {"$ref": "#/components/parameters/Lang"},
          {"$ref": "#/components/parameters/AcceptLanguage"},
          {"$ref": "#/components/parameters/IfNoneMatch"},
          {"$ref": "#/components/parameters/RequestId"}
        ],
        "responses": {
          "200": {
            "description": "The guideline.",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Content-Language": {"$ref": "#/components/headers/Content-Language"},
              "Vary": {"$ref": "#/components/headers/Vary"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Guideline"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "404": {"$ref": "#/components/responses/NotFound"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/guidelines/{id}/translations": {
      "parameters": [{"$ref": "#/components/parameters/GuidelineId"}],
      "get": {
        "tags": ["knowledge"],
        "operationId": "listGuidelineTranslations",
        "summary": "The source text and every other locale's translation with its state",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "The translations (one item per non-source locale, `missing` ones included).",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TranslationList"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "404": {"$ref": "#/components/responses/NotFound"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/guidelines/{id}/translations/{locale}": {
      "parameters": [{"$ref": "#/components/parameters/GuidelineId"}, {"$ref": "#/components/parameters/LocaleCode"}],
      "get": {
        "tags": ["knowledge"],
        "operationId": "getGuidelineTranslation",
        "summary": "One translation of a guideline",
        "description": "`locale` is matched case-insensitively.",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "The translation (its state is `current` or `outdated`).",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Content-Language": {"$ref": "#/components/headers/Content-Language"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Translation"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "404": {
            "description": "No such guideline (`/problems/not-found`), no such locale or the source locale (`/problems/not-found`), or no translation into that locale yet (`/problems/translation-missing`, with `\"state\": \"missing\"`).",
            "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
            "content": {
              "application/problem+json": {
                "schema": {
                  "allOf": [{"$ref": "#/components/schemas/Problem"}],
                  "properties": {
                    "status": {"const": 404},
                    "type": {"enum": ["/problems/not-found", "/problems/translation-missing"]},
                    "state": {"const": "missing"}
                  }
                }
              }
            }
          },
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/locales": {
      "get": {
        "tags": ["knowledge"],
        "operationId": "listLocales",
        "summary": "The locales the knowledge base holds",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "Every locale; exactly one is the source locale (`en`).",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LocaleList"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/export": {
      "get": {
        "tags": ["knowledge"],
        "operationId": "exportKnowledgeBase",
        "summary": "The whole knowledge base as one bundle",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "A bundle: the format `POST /v1/imports` takes back (export then import into an empty database reproduces the knowledge base). Pretty-printed, keys sorted.",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Content-Disposition": {
                "description": "`attachment; filename=\"guidebook-export.json\"`.",
                "required": true,
                "schema": {"type": "string", "pattern": "^attachment; filename="}
              },
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Bundle"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/search": {
      "get": {
        "tags": ["search"],
        "operationId": "search",
        "summary": "Full-text search over topics, section headings and guidelines in every locale",
        "description": "Query syntax: words are all required; `\"quoted phrases\"`; `prog*` prefix; `-word` excludes; `a OR b`. Any other character (FTS5's own syntax included) is plain text, so no query fails with a syntax error. English is stemmed (porter) and case-insensitive; Korean is indexed as overlapping two-syllable pieces, so a noun finds the words that carry it with particles, and a Korean query word that ends in a particle or ending (을/를, 이/가, 은/는, 의, 에, 에서, 에는, 으로/로, 와/과, 도, 만, 하면/하는) also finds its noun alone, the exact form ranking first. Did you mean: when nothing matches, `suggestion` is the query with each word the index does not know (not quoted, prefixed or excluded) replaced by the closest word it holds: for English words of 3 letters or more, edit distance 1 up to 5 letters and 2 above (a swap of neighbours counts 1); for Korean words, one changed jamo, or for 3 syllables and more one changed syllable; ties go to the word more records hold. `suggestion` is on every answer: `null` when something matched or no word is close. `fuzzy=true` searches with the suggestion at once when the query finds nothing, and says so with `corrected: true`. `lang`/`Accept-Language` chooses the locale of titles and snippets; matches in any locale count. Side-by-side `lang` (`en,ko`) shows the first locale. Results beyond the first 1,000 are not served (`next` is `null` there).",
        "parameters": [
          {"$ref": "#/components/parameters/Query"},
          {"$ref": "#/components/parameters/SearchTopicFilter"},
          {"$ref": "#/components/parameters/SearchCategoryFilter"},
          {"$ref": "#/components/parameters/SearchLimit"},
          {"$ref": "#/components/parameters/SearchCursor"},
          {"$ref": "#/components/parameters/MarkStart"},
          {"$ref": "#/components/parameters/MarkEnd"},
          {"$ref": "#/components/parameters/Fuzzy"},
          {"$ref": "#/components/parameters/Lang"},
          {"$ref": "#/components/parameters/AcceptLanguage"},
          {"$ref": "#/components/parameters/IfNoneMatch"},
          {"$ref": "#/components/parameters/RequestId"}
        ],
        "responses": {
          "200": {
            "description": "The matches, best first.",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag"},
              "Content-Language": {"$ref": "#/components/headers/Content-Language"},
              "Vary": {"$ref": "#/components/headers/Vary"},
              "X-Total-Count": {"description": "The number of matching records (the body's `total`).", "schema": {"type": "integer", "minimum": 0}},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SearchResults"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/imports": {
      "post": {
        "tags": ["jobs"],
        "operationId": "createImport",
        "summary": "Start an import job",
        "description": "Takes the file to import as the request body and answers `202 Accepted` with the queued job, `Location` and `Retry-After`. The body streams to a spool file on disk, up to `--import-limit` bytes (413 beyond). The format is `?format=`, otherwise the `Content-Type` (`application/json` or `application/vnd.guidebook.bundle+json`: a bundle; `application/x-ndjson`, `application/ndjson`, `application/jsonl`, `application/jsonlines`: NDJSON; `text/plain`, `text/markdown`: notes), otherwise 415. The payload is validated by the job, not by this request: a bad payload is a job that ends `failed` with an `error` naming the `line` and `field`. One import writes at a time; others wait in a bounded queue (16; beyond it, 503 with `Retry-After`).",
        "parameters": [
          {"$ref": "#/components/parameters/ImportFormat"},
          {"$ref": "#/components/parameters/ImportMode"},
          {"$ref": "#/components/parameters/DryRun"},
          {"$ref": "#/components/parameters/ImportName"},
          {"$ref": "#/components/parameters/RequestId"}
        ],
        "requestBody": {
          "required": true,
          "description": "The file to import. An empty body is a 400 (`/problems/invalid-body`) once the format is known.",
          "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/Bundle"}},
            "application/x-ndjson": {
              "schema": {
                "type": "string",
                "description": "One JSON record per line, each with a `kind` (`locale`, `category`, `topic`, `glossary`); blank lines are ignored."
              }
            },
            "text/plain": {
              "schema": {
                "type": "string",
                "description": "Bilingual plain-text study notes: English paragraphs each followed by its Korean translation."
              }
            },
            "application/octet-stream": {
              "schema": {
                "type": "string",
                "contentMediaType": "application/octet-stream",
                "description": "Any payload whose format is named by `?format=` (without it, this media type is a 415)."
              }
            }
          }
        },
        "responses": {
          "202": {
            "description": "The job, queued.",
            "headers": {
              "Location": {"$ref": "#/components/headers/Location"},
              "Retry-After": {"$ref": "#/components/headers/Retry-After"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Job"}}},
            "links": {
              "GetJob": {
                "operationId": "getJob",
                "parameters": {"id": "$response.body#/id"},
                "description": "The job's status, progress and result."
              },
              "StreamJobEvents": {
                "operationId": "streamJobEvents",
                "parameters": {"id": "$response.body#/id"},
                "description": "The job's progress as server-sent events."
              },
              "CancelJob": {"operationId": "cancelJob", "parameters": {"id": "$response.body#/id"}, "description": "Cancel the job."},
              "DeleteJob": {
                "operationId": "deleteJob",
                "parameters": {"id": "$response.body#/id"},
                "description": "Remove the job once it has finished."
              }
            }
          },
          "400": {"$ref": "#/components/responses/BadRequest"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "413": {"$ref": "#/components/responses/ContentTooLarge"},
          "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/jobs": {
      "get": {
        "tags": ["jobs"],
        "operationId": "listJobs",
        "summary": "Jobs, newest first",
        "parameters": [
          {"$ref": "#/components/parameters/JobStatusFilter"},
          {"$ref": "#/components/parameters/JobKindFilter"},
          {"$ref": "#/components/parameters/Limit"},
          {"$ref": "#/components/parameters/Cursor"},
          {"$ref": "#/components/parameters/RequestId"}
        ],
        "responses": {
          "200": {
            "description": "A page of jobs (not cacheable: no ETag).",
            "headers": {
              "Link": {"$ref": "#/components/headers/Link"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobPage"}}}
          },
          "400": {"$ref": "#/components/responses/BadRequest"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/jobs/{id}": {
      "parameters": [{"$ref": "#/components/parameters/JobId"}],
      "get": {
        "tags": ["jobs"],
        "operationId": "getJob",
        "summary": "One job: status, progress, and its result or error",
        "parameters": [{"$ref": "#/components/parameters/IfNoneMatch"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "The job. While it is unfinished the response carries `Retry-After: 1` and no `ETag`; once finished it carries an `ETag` and no `Retry-After`.",
            "headers": {
              "ETag": {"$ref": "#/components/headers/ETag-Optional"},
              "Retry-After": {"$ref": "#/components/headers/Retry-After-Optional"},
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Job"}}}
          },
          "304": {"$ref": "#/components/responses/NotModified"},
          "404": {"$ref": "#/components/responses/NotFound"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "delete": {
        "tags": ["jobs"],
        "operationId": "deleteJob",
        "summary": "Remove a finished job",
        "description": "A job that has not finished is a 409: cancel it first.",
        "parameters": [{"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "204": {"description": "Removed.", "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}}},
          "404": {"$ref": "#/components/responses/NotFound"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "409": {"$ref": "#/components/responses/Conflict"},
          "413": {"$ref": "#/components/responses/ContentTooLarge"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/jobs/{id}/cancel": {
      "parameters": [{"$ref": "#/components/parameters/JobId"}],
      "post": {
        "tags": ["jobs"],
        "operationId": "cancelJob",
        "summary": "Cancel a job",
        "description": "A job that has already finished is a 409.",
        "parameters": [{"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "A queued job, canceled at once (its status is now `canceled`).",
            "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Job"}}}
          },
          "202": {
            "description": "A running job, asked to stop: it rolls back and ends `canceled` shortly.",
            "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Job"}}}
          },
          "404": {"$ref": "#/components/responses/NotFound"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "409": {"$ref": "#/components/responses/Conflict"},
          "413": {"$ref": "#/components/responses/ContentTooLarge"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/jobs/{id}/events": {
      "parameters": [{"$ref": "#/components/parameters/JobId"}],
      "get": {
        "tags": ["jobs"],
        "operationId": "streamJobEvents",
        "summary": "The job's progress as server-sent events, until it ends",
        "parameters": [{"$ref": "#/components/parameters/LastEventId"}, {"$ref": "#/components/parameters/RequestId"}],
        "responses": {
          "200": {
            "description": "`text/event-stream; charset=utf-8`. First `retry: 1000`; then an event whenever the job changed (at most five a second): `id: <revision>`, `event: progress` (or `done` for the final state, after which the stream ends; `gone` with `data: {}` if the job was deleted; `shutdown` with a `reason` when the server stops, after which the stream ends and the client reconnects with `Last-Event-ID`), `data: <the Job as JSON>`. A comment (`: keep-alive`) every 15 seconds while nothing changes.",
            "headers": {
              "Cache-Control": {"description": "`no-cache, no-transform`.", "required": true, "schema": {"type": "string"}},
              "X-Accel-Buffering": {
                "description": "`no`: proxies must not buffer the stream.",
                "required": true,
                "schema": {"type": "string", "const": "no"}
              },
              "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
            },
            "content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/JobEvent"}}}
          },
          "404": {"$ref": "#/components/responses/NotFound"},
          "406": {"$ref": "#/components/responses/NotAcceptable"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    }
  },
  "components": {
    "schemas": {
      "LocalizedText": {
        "description": "A localized text. In single-locale mode a string (in the negotiated locale, or English when it has no translation). In side-by-side mode (`lang=en,ko`, `lang=*`) an object with one member per requested locale, `null` where the text is missing.",
        "oneOf": [{"type": "string"}, {"type": "object", "additionalProperties": {"type": ["string", "null"]}}]
      },
      "Index": {
        "type": "object",
        "properties": {
          "name": {"type": "string", "const": "Guidebook"},
          "version": {"type": "string"},
          "links": {
            "type": "object",
            "properties": {
              "categories": {"type": "string"},
              "topics": {"type": "string"},
              "guidelines": {"type": "string"},
              "locales": {"type": "string"},
              "search": {"type": "string"},
              "jobs": {"type": "string"},
              "export": {"type": "string"},
              "openapi": {"type": "string"}
            },
            "required": ["categories", "topics", "guidelines", "locales", "search", "jobs", "export", "openapi"],
            "unevaluatedProperties": false
          }
        },
        "required": ["name", "version", "links"],
        "unevaluatedProperties": false
      },
      "Liveness": {
        "type": "object",
        "properties": {"status": {"type": "string", "const": "alive"}},
        "required": ["status"],
        "unevaluatedProperties": false
      },
      "Readiness": {
        "type": "object",
        "properties": {
          "status": {"type": "string", "enum": ["ready", "not ready"]},
          "reasons": {"type": "array", "items": {"type": "string"}}
        },
        "required": ["status", "reasons"],
        "unevaluatedProperties": false
      },
      "OpenAPIDocument": {
        "type": "object",
        "required": ["openapi", "info", "paths"],
        "properties": {
          "openapi": {"type": "string", "pattern": "^3\\.1\\.\\d+$"},
          "info": {"type": "object"},
          "paths": {"type": "object"}
        }
      },
      "Linkset": {
        "type": "object",
        "properties": {
          "linkset": {
            "type": "array",
            "minItems": 1,
            "items": {
              "type": "object",
              "required": ["anchor"],
              "properties": {"anchor": {"type": "string", "format": "uri-reference"}},
              "additionalProperties": {"type": "array", "items": {"$ref": "#/components/schemas/LinkTarget"}}
            }
          }
        },
        "required": ["linkset"],
        "unevaluatedProperties": false
      },
      "LinkTarget": {
        "type": "object",
        "properties": {"href": {"type": "string", "format": "uri-reference"}, "type": {"type": "string"}, "title": {"type": "string"}},
        "required": ["href"],
        "unevaluatedProperties": false
      },
      "Category": {
        "type": "object",
        "properties": {
          "slug": {"type": "string"},
          "title": {"$ref": "#/components/schemas/LocalizedText"},
          "locale": {"type": "string", "description": "Single-locale mode: the locale the item's texts are in."},
          "fallback": {
            "type": "boolean",
            "description": "Single-locale mode: true when the requested locale had no text and English is served."
          },
          "missing_locales": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Side-by-side mode: the requested locales the item has no text in."
          },
          "topic_count": {"type": "integer", "minimum": 0},
          "links": {
            "type": "object",
            "properties": {"topics": {"type": "string"}},
            "required": ["topics"],
            "unevaluatedProperties": false
          }
        },
        "required": ["slug", "title", "topic_count", "links"],
        "unevaluatedProperties": false,
        "oneOf": [
          {"title": "single locale", "required": ["locale", "fallback"], "properties": {"title": {"type": "string"}}},
          {"title": "side by side", "required": ["missing_locales"], "properties": {"title": {"type": "object"}}}
        ]
      },
      "CategoryList": {
        "type": "object",
        "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/Category"}}},
        "required": ["items"],
        "unevaluatedProperties": false
      },
      "TopicFields": {
        "type": "object",
        "properties": {
          "slug": {"type": "string"},
          "category": {"type": "string"},
          "title": {"$ref": "#/components/schemas/LocalizedText"},
          "summary": {"$ref": "#/components/schemas/LocalizedText"},
          "locale": {"type": "string", "description": "Single-locale mode: the locale the item's texts are in."},
          "fallback": {
            "type": "boolean",
            "description": "Single-locale mode: true when the requested locale had no text and English is served."
          },
          "missing_locales": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Side-by-side mode: the requested locales the item has no text in."
          },
          "guideline_count": {"type": "integer", "minimum": 0},
          "revision": {"type": "integer", "minimum": 1},
          "updated_at": {"type": "string", "format": "date-time", "description": "UTC, RFC 3339 with milliseconds."},
          "links": {
            "type": "object",
            "properties": {"self": {"type": "string"}, "guidelines": {"type": "string"}},
            "required": ["self", "guidelines"],
            "unevaluatedProperties": false
          }
        },
        "required": ["slug", "category", "title", "summary", "guideline_count", "revision", "updated_at", "links"],
        "oneOf": [
          {
            "title": "single locale",
            "required": ["locale", "fallback"],
            "properties": {"title": {"type": "string"}, "summary": {"type": "string"}}
          },
          {
            "title": "side by side",
            "required": ["missing_locales"],
            "properties": {"title": {"type": "object"}, "summary": {"type": "object"}}
          }
        ]
      },
      "TopicSummary": {
        "description": "A topic as lists show it.",
        "allOf": [{"$ref": "#/components/schemas/TopicFields"}],
        "unevaluatedProperties": false
      },
      "TopicPage": {
        "type": "object",
        "properties": {
          "items": {"type": "array", "items": {"$ref": "#/components/schemas/TopicSummary"}},
          "next": {"type": ["string", "null"], "description": "The cursor of the next page, or null on the last page."}
        },
        "required": ["items", "next"],
        "unevaluatedProperties": false
      },
      "Topic": {
        "description": "A topic summary plus its sections, in display order, each with its guidelines.",
        "allOf": [{"$ref": "#/components/schemas/TopicFields"}],
        "properties": {"sections": {"type": "array", "items": {"$ref": "#/components/schemas/Section"}}},
        "required": ["sections"],
        "unevaluatedProperties": false
      },
      "Section": {
        "type": "object",
        "properties": {
          "key": {"type": "string"},
          "title": {
            "allOf": [{"$ref": "#/components/schemas/LocalizedText"}],
            "description": "Empty (or null per locale) for the opening section without a heading."
          },
          "guidelines": {"type": "array", "items": {"$ref": "#/components/schemas/Guideline"}}
        },
        "required": ["key", "title", "guidelines"],
        "unevaluatedProperties": false
      },
      "Guideline": {
        "type": "object",
        "properties": {
          "id": {"type": "string"},
          "topic": {"type": "string"},
          "section": {"type": "string"},
          "position": {"type": "integer", "minimum": 0},
          "text": {"$ref": "#/components/schemas/LocalizedText"},
          "locale": {"type": "string", "description": "Single-locale mode: the locale the item's texts are in."},
          "fallback": {
            "type": "boolean",
            "description": "Single-locale mode: true when the requested locale had no text and English is served."
          },
          "missing_locales": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Side-by-side mode: the requested locales the item has no text in."
          },
          "translations": {
            "type": "object",
            "description": "The state of each translation the guideline has, by locale.",
            "additionalProperties": {"$ref": "#/components/schemas/TranslationState"}
          },
          "revision": {"type": "integer", "minimum": 1},
          "updated_at": {"type": "string", "format": "date-time", "description": "UTC, RFC 3339 with milliseconds."},
          "links": {
            "type": "object",
            "properties": {"self": {"type": "string"}, "topic": {"type": "string"}, "translations": {"type": "string"}},
            "required": ["self", "topic", "translations"],
            "unevaluatedProperties": false
          }
        },
        "required": ["id", "topic", "section", "position", "text", "translations", "revision", "updated_at", "links"],
        "unevaluatedProperties": false,
        "oneOf": [
          {"title": "single locale", "required": ["locale", "fallback"], "properties": {"text": {"type": "string"}}},
          {"title": "side by side", "required": ["missing_locales"], "properties": {"text": {"type": "object"}}}
        ]
      },
      "GuidelinePage": {
        "type": "object",
        "properties": {
          "items": {"type": "array", "items": {"$ref": "#/components/schemas/Guideline"}},
          "next": {"type": ["string", "null"], "description": "The cursor of the next page, or null on the last page."}
        },
        "required": ["items", "next"],
        "unevaluatedProperties": false
      },
      "TranslationState": {
        "type": "string",
        "enum": ["current", "outdated", "missing"],
        "description": "`current`: made from the present source text; `outdated`: the source changed since; `missing`: no translation yet."
      },
      "Translation": {
        "type": "object",
        "properties": {
          "guideline": {"type": "string"},
          "locale": {"type": "string"},
          "locale_name": {"type": "string"},
          "text": {"type": ["string", "null"], "description": "Null while the translation is missing."},
          "state": {"$ref": "#/components/schemas/TranslationState"},
          "updated_at": {"type": ["string", "null"], "format": "date-time"},
          "source_text": {"type": "string", "description": "The English text the translation is of."}
        },
        "required": ["guideline", "locale", "locale_name", "text", "state", "updated_at", "source_text"],
        "unevaluatedProperties": false
      },
      "TranslationList": {
        "type": "object",
        "properties": {
          "guideline": {"type": "string"},
          "source": {
            "type": "object",
            "properties": {"locale": {"type": "string"}, "text": {"type": "string"}},
            "required": ["locale", "text"],
            "unevaluatedProperties": false
          },
          "items": {"type": "array", "items": {"$ref": "#/components/schemas/Translation"}}
        },
        "required": ["guideline", "source", "items"],
        "unevaluatedProperties": false
      },
      "Locale": {
        "type": "object",
        "properties": {
          "code": {"type": "string"},
          "name": {"type": "string"},
          "source": {"type": "boolean", "description": "True for the source locale (English)."}
        },
        "required": ["code", "name", "source"],
        "unevaluatedProperties": false
      },
      "LocaleList": {
        "type": "object",
        "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/Locale"}}},
        "required": ["items"],
        "unevaluatedProperties": false
      },
      "SearchHit": {
        "type": "object",
        "properties": {
          "kind": {"type": "string", "enum": ["topic", "section", "guideline"]},
          "id": {"type": "string", "description": "Topic slug, `topic#section-key`, or guideline id."},
          "topic": {"type": "string"},
          "category": {"type": "string"},
          "title": {"type": "string", "description": "The topic's title in the display locale."},
          "section_title": {"type": "string", "description": "Sections and guidelines: the section's title."},
          "snippet": {
            "type": "string",
            "description": "The matched text, cut at character boundaries, matches marked. With the default HTML markers, `& < >` in the text are escaped."
          },
          "snippet_locale": {"type": "string"},
          "matched_locales": {"type": "array", "items": {"type": "string"}},
          "score": {"type": "number", "description": "bm25, higher is better."},
          "links": {
            "type": "object",
            "properties": {"self": {"type": "string"}},
            "required": ["self"],
            "unevaluatedProperties": false
          }
        },
        "required": ["kind", "id", "topic", "category", "title", "snippet", "snippet_locale", "matched_locales", "score", "links"],
        "unevaluatedProperties": false
      },
      "Facet": {
        "type": "object",
        "properties": {"slug": {"type": "string"}, "count": {"type": "integer", "minimum": 1}},
        "required": ["slug", "count"],
        "unevaluatedProperties": false
      },
      "SearchResults": {
        "type": "object",
        "properties": {
          "query": {"type": "string", "description": "`q` as given."},
          "suggestion": {
            "type": ["string", "null"],
            "description": "Did you mean: when `q` matched nothing, `q` with each word the index does not know replaced by the closest indexed word; `null` when something matched or no word is close."
          },
          "corrected": {"type": "boolean", "description": "True when `fuzzy=true` replaced a query that found nothing by `suggestion`: the matches are the suggestion's."},
          "total": {"type": "integer", "minimum": 0, "description": "The exact number of matching records."},
          "items": {"type": "array", "items": {"$ref": "#/components/schemas/SearchHit"}},
          "facets": {
            "type": "object",
            "properties": {
              "exact": {"type": "boolean", "description": "True: facets count every match. (Kept so that an estimate could be labelled.)"},
              "topics_matched": {"type": "integer", "minimum": 0, "description": "How many topics have matches; `topics` lists the 20 with the most."},
              "topics": {"type": "array", "items": {"$ref": "#/components/schemas/Facet"}},
              "categories": {"type": "array", "items": {"$ref": "#/components/schemas/Facet"}}
            },
            "required": ["exact", "topics_matched", "topics", "categories"],
            "unevaluatedProperties": false
          },
          "next": {"type": ["string", "null"]}
        },
        "required": ["query", "suggestion", "corrected", "total", "items", "facets", "next"],
        "unevaluatedProperties": false
      },
      "JobStatus": {"type": "string", "enum": ["queued", "running", "succeeded", "failed", "canceled"]},
      "Job": {
        "type": "object",
        "properties": {
          "id": {"type": "string", "pattern": "^job_[0-9a-f]{16}$"},
          "kind": {"type": "string", "description": "`import`."},
          "status": {"$ref": "#/components/schemas/JobStatus"},
          "phase": {
            "type": "string",
            "description": "What the job is doing (`queued`, `starting`, `counting`, `applying`, ..., then the final status)."
          },
          "message": {"type": "string", "description": "A human summary, such as `applying notes.txt: 12 of 40 topics`."},
          "progress": {
            "type": "object",
            "properties": {
              "completed": {"type": "integer", "minimum": 0},
              "total": {"type": ["integer", "null"], "minimum": 0, "description": "Null while the amount of work is unknown."},
              "unit": {"type": "string"},
              "percent": {
                "type": ["integer", "null"],
                "minimum": 0,
                "maximum": 100,
                "description": "Null while the total is unknown; 100 only once the work is committed."
              },
              "determinate": {"type": "boolean"}
            },
            "required": ["completed", "total", "unit", "percent", "determinate"],
            "unevaluatedProperties": false
          },
          "eta_seconds": {"type": ["integer", "null"], "minimum": 0, "description": "Only while running with a known total."},
          "created_at": {"type": "string", "format": "date-time", "description": "UTC, RFC 3339 with milliseconds."},
          "started_at": {"type": ["string", "null"], "format": "date-time"},
          "updated_at": {"type": "string", "format": "date-time", "description": "UTC, RFC 3339 with milliseconds."},
          "finished_at": {"type": ["string", "null"], "format": "date-time"},
          "params": {
            "type": "object",
            "properties": {
              "format": {"type": "string", "enum": ["json", "ndjson", "notes"]},
              "mode": {"type": "string", "enum": ["merge", "replace"]},
              "dry_run": {"type": "boolean"},
              "file_name": {"type": "string"},
              "size": {"type": "integer", "minimum": 1, "description": "Bytes uploaded."}
            },
            "required": ["format", "mode", "dry_run", "file_name", "size"],
            "unevaluatedProperties": false
          },
          "result": {"oneOf": [{"$ref": "#/components/schemas/ImportResult"}, {"type": "null"}], "description": "Once succeeded."},
          "error": {"oneOf": [{"$ref": "#/components/schemas/JobError"}, {"type": "null"}], "description": "Once failed."},
          "links": {
            "type": "object",
            "properties": {
              "self": {"type": "string"},
              "events": {"type": "string"},
              "cancel": {"type": "string", "description": "Only while the job has not finished."}
            },
            "required": ["self", "events"],
            "unevaluatedProperties": false
          }
        },
        "required": [
          "id",
          "kind",
          "status",
          "phase",
          "message",
          "progress",
          "eta_seconds",
          "created_at",
          "started_at",
          "updated_at",
          "finished_at",
          "params",
          "result",
          "error",
          "links"
        ],
        "unevaluatedProperties": false
      },
      "JobPage": {
        "type": "object",
        "properties": {
          "items": {"type": "array", "items": {"$ref": "#/components/schemas/Job"}},
          "next": {"type": ["string", "null"], "description": "The cursor of the next page, or null on the last page."}
        },
        "required": ["items", "next"],
        "unevaluatedProperties": false
      },
      "JobEvent": {
        "type": "object",
        "description": "One server-sent event, as its fields (the OpenAPI 3.1 reading of `text/event-stream`: the schema describes each event). The first event only sets `retry`.",
        "properties": {
          "id": {
            "type": "string",
            "pattern": "^[0-9]+$",
            "description": "The job's revision; send it back as `Last-Event-ID`."
          },
          "event": {"type": "string", "enum": ["progress", "done", "gone", "shutdown"]},
          "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "contentSchema": {"$ref": "#/components/schemas/Job"},
            "description": "The Job as JSON (`{}` for `gone`, `{\"reason\": ...}` for `shutdown`)."
          },
          "retry": {"type": "integer", "const": 1000}
        }
      },
      "ImportTally": {
        "type": "object",
        "properties": {
          "created": {"type": "integer", "minimum": 0},
          "updated": {"type": "integer", "minimum": 0},
          "unchanged": {"type": "integer", "minimum": 0}
        },
        "required": ["created", "updated", "unchanged"],
        "unevaluatedProperties": false
      },
      "ImportResult": {
        "type": "object",
        "properties": {
          "dry_run": {"type": "boolean"},
          "topics": {"$ref": "#/components/schemas/ImportTally"},
          "guidelines": {"$ref": "#/components/schemas/ImportTally"},
          "translations": {"$ref": "#/components/schemas/ImportTally"},
          "warnings": {
            "type": "array",
            "maxItems": 500,
            "items": {
              "type": "object",
              "properties": {
                "file": {"type": ["string", "null"]},
                "line": {"type": "integer", "minimum": 1},
                "message": {"type": "string"}
              },
              "required": ["file", "line", "message"],
              "unevaluatedProperties": false
            }
          },
          "warnings_omitted": {"type": "integer", "minimum": 0}
        },
        "required": ["dry_run", "topics", "guidelines", "translations", "warnings", "warnings_omitted"],
        "unevaluatedProperties": false
      },
      "JobError": {
        "type": "object",
        "properties": {
          "message": {"type": "string"},
          "line": {"type": ["integer", "null"], "description": "The input line that caused it, when known."},
          "field": {"type": ["string", "null"], "description": "The field that caused it, when known."}
        },
        "required": ["message", "line", "field"],
        "unevaluatedProperties": false
      },
      "Problem": {
        "type": "object",
        "description": "RFC 9457 problem details. Extension members are strings.",
        "required": ["type", "title", "status", "detail", "instance"],
        "properties": {
          "type": {"type": "string", "description": "`/problems/{kind}`, relative to the API."},
          "title": {"type": "string"},
          "status": {"type": "integer", "minimum": 400, "maximum": 599},
          "detail": {"type": "string"},
          "instance": {"type": "string", "description": "The request path (its first 500 characters)."},
          "parameter": {"type": "string", "description": "The query parameter at fault (400 invalid-parameter)."},
          "field": {"type": "string", "description": "The body field at fault (400 invalid-body)."},
          "line": {"type": "string", "description": "The body line at fault (400 invalid-body)."},
          "limit": {"type": "string", "description": "The body limit in bytes (413)."},
          "state": {"type": "string", "description": "`missing` (404 translation-missing)."}
        },
        "additionalProperties": {"type": "string"}
      },
      "Bundle": {
        "type": "object",
        "properties": {
          "format": {"type": "string", "const": "guidebook-bundle"},
          "version": {"type": "integer", "const": 1},
          "locales": {
            "type": "array",
            "items": {"$ref": "#/components/schemas/BundleLocale"},
            "description": "Declares locale codes and names; `en` (the source) and `ko` are built in."
          },
          "categories": {"type": "array", "items": {"$ref": "#/components/schemas/BundleCategory"}},
          "topics": {"type": "array", "items": {"$ref": "#/components/schemas/BundleTopic"}},
          "glossary": {"type": "array", "items": {"$ref": "#/components/schemas/BundleGlossaryEntry"}}
        },
        "required": ["format", "version"],
        "unevaluatedProperties": false,
        "description": "A Guidebook bundle (Seed/README.md). On import the job validates it and fails with the offending `field` when a rule is broken; the rules are also written here."
      },
      "BundleText": {
        "type": "object",
        "description": "A localized text: locale code to text.",
        "propertyNames": {"$ref": "#/components/schemas/LocaleCodeString"},
        "additionalProperties": {"type": "string", "maxLength": 20000}
      },
      "BundleSourceText": {
        "description": "A localized text whose English (`en`) text is required and not blank.",
        "allOf": [{"$ref": "#/components/schemas/BundleText"}],
        "required": ["en"],
        "properties": {"en": {"type": "string", "pattern": "\\S"}}
      },
      "LocaleCodeString": {"type": "string", "pattern": "^[a-z]{2,3}(-[a-z0-9]{2,8})?$"},
      "SlugString": {"type": "string", "pattern": "^[a-z0-9-]{1,128}$"},
      "BundleLocale": {
        "type": "object",
        "properties": {
          "code": {"$ref": "#/components/schemas/LocaleCodeString"},
          "name": {"type": "string", "minLength": 1, "maxLength": 100}
        },
        "required": ["code", "name"],
        "unevaluatedProperties": false
      },
      "BundleCategory": {
        "type": "object",
        "properties": {
          "slug": {"$ref": "#/components/schemas/SlugString"},
          "title": {"$ref": "#/components/schemas/BundleSourceText"}
        },
        "required": ["slug", "title"],
        "unevaluatedProperties": false
      },
      "BundleTopic": {
        "type": "object",
        "properties": {
          "slug": {"$ref": "#/components/schemas/SlugString"},
          "category": {"$ref": "#/components/schemas/SlugString"},
          "title": {"$ref": "#/components/schemas/BundleSourceText"},
          "summary": {"$ref": "#/components/schemas/BundleText"},
          "sections": {"type": "array", "items": {"$ref": "#/components/schemas/BundleSection"}}
        },
        "required": ["slug", "category", "title", "summary", "sections"],
        "unevaluatedProperties": false
      },
      "BundleSection": {
        "type": "object",
        "properties": {
          "key": {"$ref": "#/components/schemas/SlugString"},
          "title": {"$ref": "#/components/schemas/BundleText"},
          "guidelines": {"type": "array", "items": {"$ref": "#/components/schemas/BundleGuideline"}}
        },
        "required": ["key"],
        "unevaluatedProperties": false,
        "description": "Keys are unique within a topic. The opening section without a heading is `overview` with an empty `title`."
      },
      "BundleGuideline": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "pattern": "^[a-z0-9.-]{1,128}$",
            "description": "Unique across the knowledge base; by convention `topic-slug.short-key`."
          },
          "text": {"$ref": "#/components/schemas/BundleSourceText"}
        },
        "required": ["id", "text"],
        "unevaluatedProperties": false
      },
      "BundleGlossaryEntry": {
        "type": "object",
        "properties": {"term": {"$ref": "#/components/schemas/BundleSourceText"}, "note": {"type": "string"}},
        "required": ["term"],
        "unevaluatedProperties": false
      }
    },
    "parameters": {
      "Lang": {
        "name": "lang",
        "in": "query",
        "required": false,
        "description": "Locales to answer in: one code (`ko`; `ko-KR` matches `ko`), several separated by commas for the side-by-side mode (`en,ko`), or `*` for every locale. Wins over `Accept-Language`. An unknown locale is a 400 naming `lang`.",
        "schema": {"type": "string", "minLength": 1},
        "examples": {"korean": {"value": "ko"}, "sideBySide": {"value": "en,ko"}, "every": {"value": "*"}}
      },
      "AcceptLanguage": {
        "name": "Accept-Language",
        "in": "header",
        "required": false,
        "description": "Used when `lang` is absent: the best listed locale the knowledge base holds (q-values honoured); anything unknown falls back to English.",
        "schema": {"type": "string"},
        "example": "ko-KR,ko;q=0.9,en;q=0.8"
      },
      "IfNoneMatch": {
        "name": "If-None-Match",
        "in": "header",
        "required": false,
        "description": "Entity tags from earlier responses (or `*`); a match answers 304.",
        "schema": {"type": "string"}
      },
      "RequestId": {
        "name": "X-Request-Id",
        "in": "header",
        "required": false,
        "description": "The client's request id, echoed back when it is 1 to 128 visible ASCII characters (otherwise the server makes one).",
        "schema": {"type": "string"}
      },
      "LastEventId": {
        "name": "Last-Event-ID",
        "in": "header",
        "required": false,
        "description": "Resume after this event id: only changes with a higher revision are sent.",
        "schema": {"type": "string"}
      },
      "Limit": {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size. Out of range or not a whole number is a 400 naming `limit`.",
        "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}
      },
      "Cursor": {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next` cursor of the previous page of the same list (same filters). Anything else is a 400 naming `cursor`.",
        "schema": {"type": "string", "minLength": 1, "maxLength": 512}
      },
      "CategoryFilter": {
        "name": "category",
        "in": "query",
        "required": false,
        "description": "Only topics of this category (slug).",
        "schema": {"type": "string"},
        "example": "controls"
      },
      "TopicFilter": {
        "name": "topic",
        "in": "query",
        "required": false,
        "description": "Only guidelines of this topic (slug), in display order.",
        "schema": {"type": "string"},
        "example": "progress-indicators"
      },
      "Query": {
        "name": "q",
        "in": "query",
        "required": true,
        "description": "The words to search for: at most 500 characters and 32 terms. Empty, blank, over-long or without any searchable word (letters, digits or Hangul), or only exclusions: a 400 naming `q`.",
        "schema": {"type": "string", "minLength": 1, "maxLength": 500},
        "examples": {
          "english": {"value": "progress"},
          "korean": {"value": "진행률"},
          "phrase": {"value": "\"progress bar\""},
          "prefix": {"value": "prog*"}
        }
      },
      "SearchTopicFilter": {
        "name": "topic",
        "in": "query",
        "required": false,
        "description": "Restrict to one topic (slug); unknown is a 400 naming `topic`.",
        "schema": {"type": "string"}
      },
      "SearchCategoryFilter": {
        "name": "category",
        "in": "query",
        "required": false,
        "description": "Restrict to one category (slug); unknown is a 400 naming `category`.",
        "schema": {"type": "string"}
      },
      "SearchLimit": {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size. Out of range or not a whole number is a 400 naming `limit`.",
        "schema": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}
      },
      "SearchCursor": {
        "name": "cursor",
        "in": "query",
        "required": false,
        "description": "The `next` cursor of the previous page of the same search (same `q`, `topic`, `category`, `fuzzy`). Anything else is a 400 naming `cursor`.",
        "schema": {"type": "string", "minLength": 1, "maxLength": 512}
      },
      "MarkStart": {
        "name": "mark_start",
        "in": "query",
        "required": false,
        "description": "Inserted before each matched word in `snippet` (at most 32 characters; longer is a 400).",
        "schema": {"type": "string", "maxLength": 32, "default": "<mark>"}
      },
      "MarkEnd": {
        "name": "mark_end",
        "in": "query",
        "required": false,
        "description": "Inserted after each matched word in `snippet` (at most 32 characters; longer is a 400).",
        "schema": {"type": "string", "maxLength": 32, "default": "</mark>"}
      },
      "Fuzzy": {
        "name": "fuzzy",
        "in": "query",
        "required": false,
        "description": "`true`: when `q` finds nothing and a `suggestion` exists, the answer lists the suggestion's matches instead, with `corrected: true` (`query` stays `q`). Also accepts `1`/`0`, `yes`/`no`; anything else is a 400 naming `fuzzy`.",
        "schema": {"type": "boolean", "default": false}
      },
      "ImportFormat": {
        "name": "format",
        "in": "query",
        "required": false,
        "description": "The payload format: `json` (a bundle; alias `bundle`), `ndjson` (alias `jsonl`) or `notes` (aliases `txt`, `text`); matched case-insensitively. Without it the `Content-Type` decides. Anything else is a 400 naming `format`.",
        "schema": {"type": "string", "enum": ["json", "bundle", "ndjson", "jsonl", "notes", "txt", "text"]}
      },
      "ImportMode": {
        "name": "mode",
        "in": "query",
        "required": false,
        "description": "`merge`: upsert by stable keys, nothing is deleted. `replace`: each topic in the payload loses the sections and guidelines the payload does not have. Anything else is a 400 naming `mode`.",
        "schema": {"type": "string", "enum": ["merge", "replace"], "default": "merge"}
      },
      "DryRun": {
        "name": "dry_run",
        "in": "query",
        "required": false,
        "description": "`true` runs the whole import and rolls it back: the result says what would change. Also accepts `1`/`0`, `yes`/`no`; anything else is a 400 naming `dry_run`.",
        "schema": {"type": "boolean", "default": false}
      },
      "ImportName": {
        "name": "name",
        "in": "query",
        "required": false,
        "description": "The file name shown in messages and warnings (first 200 characters kept). Default `upload.json`, `upload.ndjson` or `upload.txt`.",
        "schema": {"type": "string"}
      },
      "JobStatusFilter": {
        "name": "status",
        "in": "query",
        "required": false,
        "description": "Only jobs in this status; anything else is a 400 naming `status`.",
        "schema": {"type": "string", "enum": ["queued", "running", "succeeded", "failed", "canceled"]}
      },
      "JobKindFilter": {
        "name": "kind",
        "in": "query",
        "required": false,
        "description": "Only jobs of this kind (today every job is an `import`).",
        "schema": {"type": "string"},
        "example": "import"
      },
      "Slug": {
        "name": "slug",
        "in": "path",
        "required": true,
        "description": "The topic's slug.",
        "schema": {"type": "string", "minLength": 1},
        "example": "progress-indicators"
      },
      "GuidelineId": {
        "name": "id",
        "in": "path",
        "required": true,
        "description": "The guideline's id (`topic-slug.short-key` by convention).",
        "schema": {"type": "string", "minLength": 1},
        "example": "progress-indicators.prefer-progress-bars"
      },
      "LocaleCode": {
        "name": "locale",
        "in": "path",
        "required": true,
        "description": "A locale code other than the source locale (case-insensitive).",
        "schema": {"type": "string", "minLength": 1},
        "example": "ko"
      },
      "JobId": {
        "name": "id",
        "in": "path",
        "required": true,
        "description": "The job's id (`job_` and 16 hex digits).",
        "schema": {"type": "string", "minLength": 1}
      }
    },
    "headers": {
      "Content-Security-Policy": {
        "description": "Scripts, styles and requests from this origin only; no inline script, no other host, no framing.",
        "required": true,
        "schema": {"type": "string"}
      },
      "X-Content-Type-Options": {
        "description": "`nosniff`.",
        "required": true,
        "schema": {"type": "string", "const": "nosniff"}
      },
      "Referrer-Policy": {
        "description": "`no-referrer`.",
        "required": true,
        "schema": {"type": "string", "const": "no-referrer"}
      },
      "X-Request-Id": {
        "description": "The request id: the client's own when it sent a sane one, otherwise 16 hex digits made by the server. The request's log line carries it.",
        "required": true,
        "schema": {"type": "string", "minLength": 1, "maxLength": 128}
      },
      "ETag": {
        "description": "Strong entity tag of the body (a 64-bit hash in hex). Send it in `If-None-Match` to get a 304.",
        "required": true,
        "schema": {"type": "string", "pattern": "^\"[0-9a-f]{16}\"$"}
      },
      "ETag-Optional": {
        "description": "Strong entity tag of the body, when the response is cacheable.",
        "required": false,
        "schema": {"type": "string", "pattern": "^\"[0-9a-f]{16}\"$"}
      },
      "Content-Language": {
        "description": "The locales actually served, comma-separated (`en`, `ko`, `en, ko`).",
        "required": true,
        "schema": {"type": "string", "minLength": 1}
      },
      "Vary": {
        "description": "`Accept-Language`: the body depends on it.",
        "required": true,
        "schema": {"type": "string", "const": "Accept-Language"}
      },
      "Link": {
        "description": "`<...>; rel=\"next\"`: the next page, with the request's other query parameters kept. Absent on the last page.",
        "required": false,
        "schema": {"type": "string", "pattern": "^<[^>]*>; rel=\"next\"$"}
      },
      "Location": {
        "description": "The job's URL: `/v1/jobs/{id}`.",
        "required": true,
        "schema": {"type": "string", "pattern": "^/v1/jobs/[^/]+$"}
      },
      "Retry-After": {
        "description": "Seconds to wait before asking again.",
        "required": true,
        "schema": {"type": "integer", "minimum": 0}
      },
      "Retry-After-Optional": {
        "description": "`1` while the job has not finished: poll again after a second.",
        "required": false,
        "schema": {"type": "integer", "minimum": 0}
      },
      "Allow": {
        "description": "The methods the path serves (`HEAD` wherever `GET`).",
        "required": true,
        "schema": {"type": "string"}
      }
    },
    "responses": {
      "Page": {
        "description": "The page's HTML shell; its scripts read the address and show that view. Revalidated on every load (`Cache-Control: no-cache`).",
        "headers": {
          "ETag": {"$ref": "#/components/headers/ETag"},
          "Content-Security-Policy": {"$ref": "#/components/headers/Content-Security-Policy"},
          "X-Content-Type-Options": {"$ref": "#/components/headers/X-Content-Type-Options"},
          "Referrer-Policy": {"$ref": "#/components/headers/Referrer-Policy"},
          "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
        },
        "content": {"text/html": {"schema": {"type": "string"}}}
      },
      "PageNotFound": {
        "description": "No such topic or guideline: the same HTML shell with status 404 (the page then says what is missing).",
        "headers": {
          "Content-Security-Policy": {"$ref": "#/components/headers/Content-Security-Policy"},
          "X-Content-Type-Options": {"$ref": "#/components/headers/X-Content-Type-Options"},
          "Referrer-Policy": {"$ref": "#/components/headers/Referrer-Policy"},
          "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
        },
        "content": {"text/html": {"schema": {"type": "string"}}}
      },
      "NotModified": {
        "description": "The representation matches `If-None-Match`: no body. `ETag` (and `Vary`, `Content-Language` where the resource is localized) are repeated.",
        "headers": {
          "ETag": {"$ref": "#/components/headers/ETag"},
          "Vary": {"description": "As on the 200.", "required": false, "schema": {"type": "string"}},
          "Content-Language": {"description": "As on the 200.", "required": false, "schema": {"type": "string"}},
          "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
        }
      },
      "BadRequest": {
        "description": "A query parameter or the body is invalid: `/problems/invalid-parameter` names the `parameter`; `/problems/invalid-body` may name a `field` and a `line`.",
        "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
        "content": {
          "application/problem+json": {
            "schema": {
              "allOf": [{"$ref": "#/components/schemas/Problem"}],
              "properties": {"status": {"const": 400}, "type": {"enum": ["/problems/invalid-parameter", "/problems/invalid-body"]}}
            }
          }
        }
      },
      "NotFound": {
        "description": "No such resource.",
        "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
        "content": {
          "application/problem+json": {
            "schema": {
              "allOf": [{"$ref": "#/components/schemas/Problem"}],
              "properties": {"status": {"const": 404}, "type": {"enum": ["/problems/not-found"]}}
            }
          }
        }
      },
      "MethodNotAllowed": {
        "description": "The path exists but not with this method. Any method on a known path that is not listed in this document answers this way (OPTIONS included).",
        "headers": {"Allow": {"$ref": "#/components/headers/Allow"}, "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
        "content": {
          "application/problem+json": {
            "schema": {
              "allOf": [{"$ref": "#/components/schemas/Problem"}],
              "properties": {"status": {"const": 405}, "type": {"enum": ["/problems/method-not-allowed"]}}
            }
          }
        }
      },
      "NotAcceptable": {
        "description": "The `Accept` header excludes every type this API produces (`application/json`, `application/*`, `application/problem+json`, `text/event-stream`, `text/plain`, `text/*`, `*/*`, `application/x-ndjson`); the page's addresses also produce `text/html`, its assets `text/css`, `text/javascript` and `image/svg+xml`.",
        "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
        "content": {
          "application/problem+json": {
            "schema": {
              "allOf": [{"$ref": "#/components/schemas/Problem"}],
              "properties": {"status": {"const": 406}, "type": {"enum": ["/problems/not-acceptable"]}}
            }
          }
        }
      },
      "Conflict": {
        "description": "The job is in the wrong state for this operation.",
        "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
        "content": {
          "application/problem+json": {
            "schema": {
              "allOf": [{"$ref": "#/components/schemas/Problem"}],
              "properties": {"status": {"const": 409}, "type": {"enum": ["/problems/conflict"]}}
            }
          }
        }
      },
      "ContentTooLarge": {
        "description": "The request body is over the limit (`limit` says how many bytes). The server closes the connection after this response.",
        "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
        "content": {
          "application/problem+json": {
            "schema": {
              "allOf": [{"$ref": "#/components/schemas/Problem"}],
              "properties": {
                "status": {"const": 413},
                "type": {"enum": ["/problems/body-too-large"]},
                "limit": {"type": "string", "pattern": "^[0-9]+$"}
              }
            }
          }
        }
      },
      "UnsupportedMediaType": {
        "description": "Neither `?format=` nor the `Content-Type` names an import format.",
        "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
        "content": {
          "application/problem+json": {
            "schema": {
              "allOf": [{"$ref": "#/components/schemas/Problem"}],
              "properties": {"status": {"const": 415}, "type": {"enum": ["/problems/unsupported-media-type"]}}
            }
          }
        }
      },
      "Unavailable": {
        "description": "Busy (the database, or the import queue is full), or the upload could not be stored: try again after `Retry-After` seconds.",
        "headers": {
          "Retry-After": {"$ref": "#/components/headers/Retry-After"},
          "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "allOf": [{"$ref": "#/components/schemas/Problem"}],
              "properties": {"status": {"const": 503}, "type": {"enum": ["/problems/unavailable"]}}
            }
          }
        }
      }
    }
  }
}
"""#
}
