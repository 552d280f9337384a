"""The client openapi-python-client generates (package guidebook_client) against a live server.

Every answer must parse into the model its operation declares, and that model must hold exactly
what the server sent: nothing dropped, nothing untyped (`additional_properties` only on the
map-like models), no None where the server sent a value. Error answers parse into `Problem`.
"""

import attrs
import pytest

from support import NOTES, assert_read_everything, assert_topic_localized, problem_body, wait_for_job

from guidebook_client import AuthenticatedClient, Client
from guidebook_client.api.editing import create_guideline, create_section, create_topic, get_translation_coverage, list_changes, patch_guideline, patch_topic
from guidebook_client.api.glossary import list_glossary
from guidebook_client.api.jobs import create_import, get_job
from guidebook_client.api.knowledge import (get_guideline, get_guideline_translation, get_section, get_topic, list_categories,
                                            list_guideline_translations, list_guidelines, list_locales, list_topics)
from guidebook_client.api.search import search
from guidebook_client.api.tokens import create_token, get_me
from guidebook_client.models import (Category, CategoryList, ChangePage, CoverageList, CreatedToken, GlossaryPage, Guideline,
                                     GuidelineInput, GuidelineInputPatch, GuidelinePage, ImportResult, Job, LocaleList, Principal, SectionInput,
                                     Problem, SearchResults, SectionResource, SideBySideCategory, SideBySideGuideline,
                                     SideBySideSectionResource, SideBySideTopic, SideBySideTopicSummary, Topic, TopicInput,
                                     TopicInputPatch, TopicPage, TopicSummary, Translation, TranslationList, TokenCreation)
from guidebook_client.models.create_import_format import CreateImportFormat
from guidebook_client.models.role import Role
from guidebook_client.types import UNSET, File

def untyped(model, path="$"):
    """Members a model holds without a type: `additional_properties` of a model that declares fields."""
    found = []
    if attrs.has(type(model)):
        names = [field.name for field in attrs.fields(type(model)) if field.name != "additional_properties"]
        extra = getattr(model, "additional_properties", {})
        if names and extra:
            found.append(f"{path}: {sorted(extra)}")
        for name in names:
            found += untyped(getattr(model, name), f"{path}.{name}")
        for key, value in extra.items():
            found += untyped(value, f"{path}[{key!r}]")
    elif isinstance(model, list):
        for index, item in enumerate(model):
            found += untyped(item, f"{path}[{index}]")
    return found


def read(operation, expected, client, status=200, **arguments):
    """Calls an operation; the answer must have `status` and parse into `expected`, holding all of it."""
    response = operation.sync_detailed(client=client, **arguments)
    assert response.status_code == status, (operation.__name__, response.status_code, response.content[:400])
    assert isinstance(response.parsed, expected), (operation.__name__, type(response.parsed), response.content[:400])
    assert_read_everything(response.content, response.parsed.to_dict(), operation.__name__)
    assert not untyped(response.parsed), f"{operation.__name__}: untyped members {untyped(response.parsed)}"
    return response


def read_problem(operation, client, status, kind, **arguments):
    response = read(operation, Problem, client, status=status, **arguments)
    problem, sent = response.parsed, problem_body(response.content)
    assert (problem.type_, problem.status, problem.title, problem.detail) == (kind, status, sent["title"], sent["detail"])
    return response


def assert_localized(item, lang):
    """An item's texts and markers are what `lang` asked for."""
    if lang == "en,ko":
        assert item.locale_mode == "side-by-side"
        texts = item.to_dict()
        for field in ("title", "summary", "text"):
            if field in texts:
                assert set(texts[field]) == {"en", "ko"}, texts[field]
                missing = {locale for locale, text in texts[field].items() if text is None}
                if field != "title" or "key" not in texts:  # a section's empty heading is no missing text
                    assert missing <= set(item.missing_locales), (texts, item.missing_locales)
    else:
        assert item.locale_mode == "single"
        assert item.locale in (lang, "en")
        assert item.fallback or item.locale == lang


@pytest.fixture(scope="module")
def reader(server):
    return Client(base_url=server.url, raise_on_unexpected_status=True)


@pytest.fixture(scope="module")
def admin(server):
    return AuthenticatedClient(base_url=server.url, token=server.admin_token, raise_on_unexpected_status=True)


@pytest.fixture(scope="module")
def editor(server, admin):
    created = read(create_token, CreatedToken, admin, status=201,
                   body=TokenCreation(name="python-client-editor", role=Role.EDITOR)).parsed
    assert created.role == Role.EDITOR and created.token.startswith("gb_") and created.last_used_at is None
    return AuthenticatedClient(base_url=server.url, token=created.token, raise_on_unexpected_status=True)


def all_topics(reader, lang):
    items, cursor = [], UNSET
    while True:
        page = read(list_topics, TopicPage, reader, lang=lang, limit=5, cursor=cursor).parsed
        items += page.items
        if page.next_ is None:
            return items
        cursor = page.next_


def test_every_topic_in_every_language(reader):
    slugs = [topic.slug for topic in all_topics(reader, "en")]
    assert len(slugs) >= 14 and "sheets" in slugs and "edge-columns" in slugs, slugs
    for lang, summary, detail in [("en", TopicSummary, Topic), ("ko", TopicSummary, Topic), ("en,ko", SideBySideTopicSummary, SideBySideTopic)]:
        summaries = all_topics(reader, lang)
        assert [topic.slug for topic in summaries] == slugs
        for item in summaries:
            assert isinstance(item, summary), (lang, type(item))
            assert_localized(item, lang)
        for slug in slugs:
            topic = read(get_topic, detail, reader, slug=slug, lang=lang).parsed
            assert topic.slug == slug
            assert_topic_localized(topic, lang, assert_localized)


def test_a_section_and_a_guideline_in_every_language_and_its_translations(reader):
    for lang, section_model, guideline_model in [("en", SectionResource, Guideline), ("ko", SectionResource, Guideline),
                                                 ("en,ko", SideBySideSectionResource, SideBySideGuideline)]:
        section = read(get_section, section_model, reader, slug="progress-indicators", key="progress-bars", lang=lang).parsed
        assert section.topic == "progress-indicators" and section.guidelines
        untitled = read(get_section, section_model, reader, slug="sheets", key="overview", lang=lang).parsed
        assert untitled.key == "overview"
        guideline = read(get_guideline, guideline_model, reader, id="sheets.mail-compose", lang=lang).parsed
        assert_localized(guideline, lang)
        assert guideline.translations.to_dict() == {"ko": "translated"}
        page = read(list_guidelines, GuidelinePage, reader, topic="edge-columns", lang=lang).parsed
        assert page.items and all(isinstance(item, guideline_model) for item in page.items)
        if lang == "ko":
            assert guideline.locale == "ko" and not guideline.fallback
    translations = read(list_guideline_translations, TranslationList, reader, id="sheets.mail-compose").parsed
    assert translations.source.locale == "en" and {item.locale for item in translations.items} >= {"ko"}
    korean = read(get_guideline_translation, Translation, reader, id="sheets.mail-compose", locale="ko").parsed
    assert korean.state.value == "translated" and korean.text


def test_search_in_both_languages(reader):
    english = read(search, SearchResults, reader, q="sheet").parsed
    assert english.total > 0 and english.items[0].links.self_
    korean = read(search, SearchResults, reader, q="시트", lang="ko").parsed
    assert korean.total > 0 and "ko" in korean.items[0].matched_locales
    nothing = read(search, SearchResults, reader, q="zzzqqxx").parsed
    assert nothing.total == 0 and nothing.items == []


def test_categories_glossary_changes_coverage_and_locales(reader, admin):
    for lang, model in [("en", Category), ("ko", Category), ("en,ko", SideBySideCategory)]:
        categories = read(list_categories, CategoryList, reader, lang=lang).parsed
        assert categories.items and all(isinstance(item, model) for item in categories.items)
    glossary = read(list_glossary, GlossaryPage, reader).parsed
    assert glossary.items and glossary.items[0].term.additional_properties["en"]
    changes = read(list_changes, ChangePage, reader, limit=100).parsed
    assert changes.items and changes.next_
    coverage = read(get_translation_coverage, CoverageList, reader).parsed
    assert {item.locale for item in coverage.items} >= {"ko", "ja"} and coverage.items[0].topics
    locales = read(list_locales, LocaleList, reader).parsed
    assert {locale.code for locale in locales.items} == {"en", "ko", "ja"}
    me = read(get_me, Principal, admin).parsed
    assert me.role == Role.ADMIN


def test_an_editor_creates_and_patches_with_if_match(editor, reader):
    topic = read(create_topic, Topic, editor, status=201,
                 body=TopicInput(slug="python-client-topic", category="controls", title="From the Python client")).parsed
    assert topic.title == "From the Python client" and topic.sections == []
    section = read(create_section, SectionResource, editor, status=201, slug="python-client-topic", body=SectionInput(key="overview")).parsed
    assert section.title == "" and section.guidelines == []
    created = read(create_guideline, Guideline, editor, status=201,
                   body=GuidelineInput(id="python-client-topic.first", topic="python-client-topic", section="overview", text="First."))
    etag = created.headers["ETag"]
    patched = read(patch_guideline, Guideline, editor, id="python-client-topic.first", if_match=etag,
                   body=GuidelineInputPatch(text="First, patched."))
    assert patched.parsed.text == "First, patched." and patched.parsed.revision == created.parsed.revision + 1
    # The old ETag no longer names the guideline's version: 412, read as a Problem.
    read_problem(patch_guideline, editor, 412, "/problems/precondition-failed", id="python-client-topic.first", if_match=etag,
                 body=GuidelineInputPatch(text="Lost update."))
    topic_etag = read(get_topic, Topic, reader, slug="python-client-topic").headers["ETag"]
    read(patch_topic, SideBySideTopic, editor, slug="python-client-topic", if_match=topic_etag, lang="en,ko",
         body=TopicInputPatch(summary="Patched side by side."))
    read_problem(patch_topic, editor, 412, "/problems/precondition-failed", slug="python-client-topic", if_match=topic_etag,
                 body=TopicInputPatch(summary="Lost update."))


def test_problems_are_the_problem_model(reader):
    missing = read_problem(get_topic, reader, 404, "/problems/not-found", slug="no-such-topic").parsed
    assert missing.instance == "/v1/topics/no-such-topic"
    invalid = read_problem(create_topic, reader, 401, "/problems/unauthorized", body=TopicInput(slug="x", category="controls", title="X"))
    assert invalid.headers["WWW-Authenticate"] == 'Bearer realm="guidebook"'
    assert invalid.parsed.required_role == Role.EDITOR


def test_validation_problem_lists_invalid_params(editor):
    problem = read_problem(create_topic, editor, 422, "/problems/validation-failed",
                           body=TopicInput(slug="bad-topic", category="no-such-category", title="")).parsed
    reasons = {param.name: param.reason for param in problem.invalid_params}
    assert set(reasons) == {"title", "category"} and all(reasons.values()), reasons


def test_notes_and_ndjson_upload_as_a_binary_body(admin, reader):
    with open(NOTES, "rb") as file:
        notes = file.read()
    job = read(create_import, Job, admin, status=202, format_=CreateImportFormat.NOTES, name="segmented-controls.txt",
               body=File(payload=notes, file_name="segmented-controls.txt", mime_type="application/octet-stream")).parsed
    job = wait_for_job(lambda: read(get_job, Job, admin, id=job.id).parsed, lambda job: job.status.value)
    assert job.status.value == "succeeded" and isinstance(job.result, ImportResult) and job.error is None
    assert job.result.topics.created + job.result.topics.updated >= 1
    ndjson = '{"kind":"category","slug":"python-client","title":{"en":"From NDJSON","ko":"NDJSON에서"}}\n'.encode()
    job = read(create_import, Job, admin, status=202, format_=CreateImportFormat.NDJSON, body=File(payload=ndjson)).parsed
    job = wait_for_job(lambda: read(get_job, Job, admin, id=job.id).parsed, lambda job: job.status.value)
    assert job.status.value == "succeeded", job.to_dict()
    assert "python-client" in {category.slug for category in read(list_categories, CategoryList, reader).parsed.items}


def test_a_503_is_the_problem_model(unavailable_server):
    admin = AuthenticatedClient(base_url=unavailable_server.url, token=unavailable_server.admin_token, raise_on_unexpected_status=True)
    response = read_problem(create_import, admin, 503, "/problems/unavailable", format_=CreateImportFormat.NDJSON, body=File(payload=b"{}\n"))
    assert int(response.headers["Retry-After"]) > 0
