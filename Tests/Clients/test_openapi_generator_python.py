"""The client openapi-generator generates with `-g python` (package guidebook_openapi, pydantic
models) against a live server.

Every answer must parse into the model its operation declares, and hold exactly what the server
sent: pydantic drops members a model does not declare, so a dropped member shows as a difference.
An answer that `lang` decides is that generator's wrapper of a `oneOf` (`AnyTopic` and the like),
whose `actual_instance` must be the one complete model `locale_mode` names. Error answers raise
the client's `ApiException` whose `data` is the `Problem` model.
"""

import datetime
import enum

import pytest
from pydantic import BaseModel

from support import NOTES, assert_read_everything, assert_topic_localized, problem_body, wait_for_job

from guidebook_openapi import ApiClient, ApiException, Configuration
from guidebook_openapi.api.editing_api import EditingApi
from guidebook_openapi.api.glossary_api import GlossaryApi
from guidebook_openapi.api.jobs_api import JobsApi
from guidebook_openapi.api.knowledge_api import KnowledgeApi
from guidebook_openapi.api.search_api import SearchApi
from guidebook_openapi.api.tokens_api import TokensApi
from guidebook_openapi.models import (AnyTopic, Category, CategoryList,
                                      ChangePage, CoverageList, CreatedToken, GlossaryPage, Guideline, GuidelineInput, GuidelineInputPatch,
                                      GuidelinePage, ImportResult, Job, LocaleList, Principal, Problem, SearchResults, SectionInput,
                                      SectionResource, SideBySideCategory, SideBySideGuideline, SideBySideSectionResource, SideBySideTopic,
                                      SideBySideTopicSummary, Topic, TopicInput, TopicInputPatch, TopicPage, TopicSummary, Translation,
                                      TranslationList, TokenCreation)

def is_wrapper(value):
    """A oneOf wrapper (`AnyTopic`, a job's `result`, ...): the generated class keeps the model it
    chose in `actual_instance`."""
    return isinstance(value, BaseModel) and "actual_instance" in type(value).model_fields


def dump(value):
    """A model's members as the server named them (None for those it left out: the generated
    models set every member), a oneOf wrapper as its instance."""
    if is_wrapper(value):
        return dump(value.actual_instance)
    if isinstance(value, BaseModel):
        fields = type(value).model_fields
        return {fields[name].alias or name: dump(getattr(value, name)) for name in value.model_fields_set}
    if isinstance(value, list):
        return [dump(item) for item in value]
    if isinstance(value, dict):
        return {key: dump(item) for key, item in value.items()}
    if isinstance(value, enum.Enum):
        return value.value
    assert value is None or isinstance(value, (str, int, float, bool, datetime.datetime)), f"an untyped value: {value!r}"
    return value


def unwrap(value, expected):
    """The model inside a oneOf wrapper, which must be `expected`."""
    assert is_wrapper(value), type(value)
    assert isinstance(value.actual_instance, expected), type(value.actual_instance)
    return value.actual_instance


def read(call, expected, *arguments, status=200, **keywords):
    """Calls an API method's `_with_http_info` form; the answer must have `status`, parse into
    `expected` and hold all of it."""
    response = call(*arguments, **keywords)
    assert response.status_code == status, (call.__name__, response.status_code, response.raw_data[:400])
    data = response.data
    model = unwrap(data, expected) if is_wrapper(data) else data
    assert isinstance(model, expected), (call.__name__, type(data))
    assert_read_everything(response.raw_data, dump(model), call.__name__, absent_is_none=True)
    return response


def refused(call, status, kind, *arguments, **keywords):
    """Calls an API method that must fail with `status`: the client's ApiException with the Problem."""
    with pytest.raises(ApiException) as caught:
        call(*arguments, **keywords)
    error = caught.value
    assert error.status == status, (call.__name__, error.status, error.body)
    problem, sent = error.data, problem_body(error.body)
    assert isinstance(problem, Problem), (call.__name__, type(problem))
    assert_read_everything(error.body.encode(), dump(problem), call.__name__, absent_is_none=True)
    assert (problem.type, problem.status, problem.title, problem.detail) == (kind, status, sent["title"], sent["detail"])
    return error


def assert_localized(item, lang):
    if lang == "en,ko":
        assert item.locale_mode == "side-by-side"
        for field in ("title", "summary", "text"):
            texts = getattr(item, field, None)
            if texts is not None:
                assert set(texts) == {"en", "ko"}, texts
    else:
        assert item.locale_mode == "single"
        assert item.locale in (lang, "en")
        assert item.fallback or item.locale == lang


class Client:
    """The generated APIs over one connection, with an optional token."""

    def __init__(self, url, token=None):
        configuration = Configuration(host=url, access_token=token)
        self.api_client = ApiClient(configuration)
        self.knowledge = KnowledgeApi(self.api_client)
        self.editing = EditingApi(self.api_client)
        self.search = SearchApi(self.api_client)
        self.glossary = GlossaryApi(self.api_client)
        self.jobs = JobsApi(self.api_client)
        self.tokens = TokensApi(self.api_client)


@pytest.fixture(scope="module")
def reader(server):
    return Client(server.url)


@pytest.fixture(scope="module")
def admin(server):
    return Client(server.url, server.admin_token)


@pytest.fixture(scope="module")
def editor(server, admin):
    created = read(admin.tokens.create_token_with_http_info, CreatedToken, TokenCreation(name="pydantic-client-editor", role="editor"),
                   status=201).data
    assert created.role == "editor" and created.token.startswith("gb_") and created.last_used_at is None
    return Client(server.url, created.token)


def all_topics(reader, lang):
    items, cursor = [], None
    while True:
        page = read(reader.knowledge.list_topics_with_http_info, TopicPage, lang=lang, limit=5, cursor=cursor).data
        items += page.items
        if page.next is None:
            return items
        cursor = page.next


def test_every_topic_in_every_language(reader):
    slugs = [unwrap(topic, TopicSummary).slug for topic in all_topics(reader, "en")]
    assert len(slugs) >= 14 and "sheets" in slugs and "edge-columns" in slugs, slugs
    for lang, summary, detail in [("en", TopicSummary, Topic), ("ko", TopicSummary, Topic), ("en,ko", SideBySideTopicSummary, SideBySideTopic)]:
        summaries = [unwrap(item, summary) for item in all_topics(reader, lang)]
        assert [topic.slug for topic in summaries] == slugs
        for item in summaries:
            assert_localized(item, lang)
        for slug in slugs:
            topic = unwrap(read(reader.knowledge.get_topic_with_http_info, detail, slug, lang=lang).data, detail)
            assert topic.slug == slug
            assert_topic_localized(topic, lang, assert_localized)


def test_a_section_and_a_guideline_in_every_language_and_its_translations(reader):
    for lang, section_model, guideline_model in [("en", SectionResource, Guideline), ("ko", SectionResource, Guideline),
                                                 ("en,ko", SideBySideSectionResource, SideBySideGuideline)]:
        section = unwrap(read(reader.knowledge.get_section_with_http_info, section_model, "progress-indicators", "progress-bars", lang=lang).data,
                         section_model)
        assert section.topic == "progress-indicators" and section.guidelines
        untitled = unwrap(read(reader.knowledge.get_section_with_http_info, section_model, "sheets", "overview", lang=lang).data, section_model)
        assert untitled.key == "overview"
        guideline = unwrap(read(reader.knowledge.get_guideline_with_http_info, guideline_model, "sheets.mail-compose", lang=lang).data,
                           guideline_model)
        assert_localized(guideline, lang)
        assert guideline.translations == {"ko": "translated"}
        page = read(reader.knowledge.list_guidelines_with_http_info, GuidelinePage, topic="edge-columns", lang=lang).data
        assert page.items and all(isinstance(unwrap(item, guideline_model), guideline_model) for item in page.items)
        if lang == "ko":
            assert guideline.locale == "ko" and not guideline.fallback
    translations = read(reader.knowledge.list_guideline_translations_with_http_info, TranslationList, "sheets.mail-compose").data
    assert translations.source.locale == "en" and {item.locale for item in translations.items} >= {"ko"}
    korean = read(reader.knowledge.get_guideline_translation_with_http_info, Translation, "sheets.mail-compose", "ko").data
    assert korean.state == "translated" and korean.text


def test_search_in_both_languages(reader):
    english = read(reader.search.search_with_http_info, SearchResults, "sheet").data
    assert english.total > 0 and english.items[0].links.var_self
    korean = read(reader.search.search_with_http_info, SearchResults, "시트", lang="ko").data
    assert korean.total > 0 and "ko" in korean.items[0].matched_locales
    nothing = read(reader.search.search_with_http_info, SearchResults, "zzzqqxx").data
    assert nothing.total == 0 and nothing.items == []


def test_categories_glossary_changes_coverage_and_locales(reader, admin):
    for lang, model in [("en", Category), ("ko", Category), ("en,ko", SideBySideCategory)]:
        categories = read(reader.knowledge.list_categories_with_http_info, CategoryList, lang=lang).data
        assert categories.items and all(isinstance(unwrap(item, model), model) for item in categories.items)
    glossary = read(reader.glossary.list_glossary_with_http_info, GlossaryPage).data
    assert glossary.items and glossary.items[0].term["en"]
    changes = read(reader.editing.list_changes_with_http_info, ChangePage, limit=100).data
    assert changes.items and changes.next
    coverage = read(reader.editing.get_translation_coverage_with_http_info, CoverageList).data
    assert {item.locale for item in coverage.items} >= {"ko", "ja"} and coverage.items[0].topics
    locales = read(reader.knowledge.list_locales_with_http_info, LocaleList).data
    assert {locale.code for locale in locales.items} == {"en", "ko", "ja"}
    me = read(admin.tokens.get_me_with_http_info, Principal).data
    assert me.role == "admin"


def test_an_editor_creates_and_patches_with_if_match(editor, reader):
    topic = read(editor.editing.create_topic_with_http_info, Topic,
                 TopicInput(slug="pydantic-client-topic", category="controls", title="From the pydantic client"), status=201).data
    assert unwrap(topic, Topic).title == "From the pydantic client"
    section = read(editor.editing.create_section_with_http_info, SectionResource, "pydantic-client-topic", SectionInput(key="overview"),
                   status=201).data
    assert unwrap(section, SectionResource).title == "" and section.actual_instance.guidelines == []
    created = read(editor.editing.create_guideline_with_http_info, Guideline,
                   GuidelineInput(id="pydantic-client-topic.first", topic="pydantic-client-topic", section="overview", text="First."), status=201)
    etag = created.headers["ETag"]
    patched = read(editor.editing.patch_guideline_with_http_info, Guideline, "pydantic-client-topic.first",
                   GuidelineInputPatch(text="First, patched."), if_match=etag)
    assert patched.data.actual_instance.text == "First, patched."
    assert patched.data.actual_instance.revision == created.data.actual_instance.revision + 1
    # The old ETag no longer names the guideline's version: 412, the client's ApiException with the Problem.
    refused(editor.editing.patch_guideline_with_http_info, 412, "/problems/precondition-failed", "pydantic-client-topic.first",
            GuidelineInputPatch(text="Lost update."), if_match=etag)
    topic_etag = read(reader.knowledge.get_topic_with_http_info, Topic, "pydantic-client-topic").headers["ETag"]
    read(editor.editing.patch_topic_with_http_info, SideBySideTopic, "pydantic-client-topic", TopicInputPatch(summary="Patched side by side."),
         if_match=topic_etag, lang="en,ko")
    refused(editor.editing.patch_topic_with_http_info, 412, "/problems/precondition-failed", "pydantic-client-topic",
            TopicInputPatch(summary="Lost update."), if_match=topic_etag)


def test_problems_are_the_problem_model(reader, editor):
    missing = refused(reader.knowledge.get_topic_with_http_info, 404, "/problems/not-found", "no-such-topic")
    assert missing.data.instance == "/v1/topics/no-such-topic"
    anonymous = refused(reader.editing.create_topic_with_http_info, 401, "/problems/unauthorized",
                        TopicInput(slug="x", category="controls", title="X"))
    assert anonymous.headers["WWW-Authenticate"] == 'Bearer realm="guidebook"' and anonymous.data.required_role == "editor"
    invalid = refused(editor.editing.create_topic_with_http_info, 422, "/problems/validation-failed",
                      TopicInput(slug="bad-topic", category="no-such-category", title="Bad"))
    assert [(param.name, bool(param.reason)) for param in invalid.data.invalid_params] == [("category", True)]


def test_notes_and_ndjson_upload_as_a_binary_body(admin, reader):
    with open(NOTES, "rb") as file:
        notes = file.read()
    for body, file_format in [(notes, "notes"),
                              ('{"kind":"category","slug":"pydantic-client","title":{"en":"From NDJSON"}}\n'.encode(), "ndjson")]:
        job = read(admin.jobs.create_import_with_http_info, Job, body, format=file_format, _content_type="application/octet-stream",
                   status=202).data
        job = wait_for_job(lambda: read(admin.jobs.get_job_with_http_info, Job, job.id).data, lambda job: job.status.value)
        # `result` is a oneOf by the job's kind: an import's is the ImportResult.
        assert job.status.value == "succeeded" and job.error is None, job
        assert unwrap(job.result, ImportResult).dry_run is False
    categories = read(reader.knowledge.list_categories_with_http_info, CategoryList).data
    assert "pydantic-client" in {item.actual_instance.slug for item in categories.items}


def test_a_503_is_the_problem_model(unavailable_server):
    admin = Client(unavailable_server.url, unavailable_server.admin_token)
    error = refused(admin.jobs.create_import_with_http_info, 503, "/problems/unavailable", b"{}\n", format="ndjson",
                    _content_type="application/octet-stream")
    assert int(error.headers["Retry-After"]) > 0
