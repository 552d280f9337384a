#!/usr/bin/env python3
"""micawber (an oEmbed consumer nobody here wrote) turns Guidebook URLs into embeds: a provider
registered with our endpoint for the topic and guideline addresses, asked about a topic and a
guideline, in English and in Korean, and about an address that is not one (which it must refuse).

    GUIDEBOOK_URL=http://127.0.0.1:PORT check_micawber.py
"""
import os
import sys

import micawber

base = os.environ["GUIDEBOOK_URL"].rstrip("/")
providers = micawber.ProviderRegistry()
provider = micawber.Provider(base + "/oembed")
providers.register(base.replace(".", r"\.") + r"/(topics|guidelines)/\S+", provider)

topic = providers.request(base + "/topics/progress-indicators")
assert topic["type"] == "rich", topic
assert topic["title"] == "Progress Indicators", topic
assert topic["html"].startswith('<iframe src="' + base + '/embed/topics/progress-indicators?lang=en"'), topic["html"]
assert (topic["width"], topic["height"]) == (720, 600), topic

korean = micawber.Provider(base + "/oembed", lang="ko").request(base + "/topics/progress-indicators", maxwidth=500)
assert korean["title"] == "진행 표시기", korean
assert korean["width"] == 500, korean

guideline = providers.request(base + "/guidelines/progress-indicators.prefer-progress-bars")
assert "/embed/guidelines/progress-indicators.prefer-progress-bars" in guideline["html"], guideline

# micawber's own parser turns a Guidebook link on a line of its own into the embed, and one
# inside a sentence into a link titled with the topic's title.
html = micawber.parse_text("Read this:\n" + base + "/topics/sheets\nThanks.", providers)
assert "<iframe" in html and "/embed/topics/sheets" in html, html
inline = micawber.parse_text("See " + base + "/topics/sheets for sheets.", providers)
assert 'title="Sheets">Sheets</a>' in inline, inline

try:
    provider.request(base + "/topics/no-such-topic")
except micawber.ProviderException as error:
    assert "404" in str(error), error
else:
    raise AssertionError("an unknown topic was embedded")
print("micawber: topic, Korean title, guideline and parse_text embedded; an unknown topic refused")
