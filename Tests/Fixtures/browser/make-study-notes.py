#!/usr/bin/env python3
"""Writes study-notes.txt: bilingual study notes in the team's format, large enough that an
import through the page shows its progress bar between 0 and 100 percent before it finishes.

The notes are ours: component names, contexts and sentences below were written for this fixture.
Run it again after changing them: `python3 Tests/Fixtures/browser/make-study-notes.py`.
"""
import pathlib

COMPONENTS = [
    ("Badges", "배지"), ("Banners", "배너"), ("Breadcrumbs", "이동 경로"), ("Callouts", "콜아웃"),
    ("Chips", "칩"), ("Color Wells", "색상 선택 칸"), ("Date Pickers", "날짜 선택기"), ("Disclosure Rows", "펼침 행"),
    ("Empty States", "빈 상태 화면"), ("Filter Bars", "필터 막대"), ("Floating Buttons", "떠 있는 버튼"), ("Image Wells", "이미지 칸"),
    ("Inline Alerts", "인라인 알림"), ("Inspectors", "속성 패널"), ("Key Hints", "단축키 힌트"), ("Loading Rows", "불러오는 행"),
    ("Map Pins", "지도 핀"), ("Number Fields", "숫자 입력란"), ("Onboarding Cards", "온보딩 카드"), ("Page Dots", "페이지 점"),
    ("Rating Stars", "별점"), ("Segmented Tabs", "분할 탭"), ("Status Lights", "상태 표시등"), ("Step Lists", "단계 목록"),
    ("Swipe Actions", "스와이프 동작"), ("Tag Fields", "태그 입력란"), ("Time Pickers", "시간 선택기"), ("Toasts", "토스트"),
    ("Token Lists", "토큰 목록"), ("Tooltips", "툴팁"), ("Tree Views", "트리 보기"), ("Undo Bars", "실행 취소 막대"),
    ("Upload Areas", "업로드 영역"), ("User Avatars", "사용자 아바타"), ("Volume Meters", "음량 측정기"), ("Zoom Controls", "확대 컨트롤"),
    ("Color Legends", "색상 범례"), ("Code Blocks", "코드 블록"), ("Drawer Menus", "서랍 메뉴"), ("Pull Handles", "당김 손잡이"),
]

CONTEXTS = [
    ("in Forms", "양식에서"), ("in Toolbars", "도구 막대에서"), ("in Lists", "목록에서"), ("on Dashboards", "대시보드에서"),
    ("in Settings", "설정 화면에서"), ("in Dialogs", "대화 상자에서"), ("on Small Screens", "작은 화면에서"), ("on Large Screens", "큰 화면에서"),
    ("at Night", "밤에"), ("for Beginners", "처음 쓰는 사람을 위해"), ("in Offline Use", "오프라인에서"), ("in Search", "검색에서"),
    ("in Onboarding", "온보딩에서"), ("in Reports", "보고서에서"), ("in Chat", "채팅에서"), ("in Maps", "지도에서"),
    ("in Media Players", "미디어 플레이어에서"), ("in Editors", "편집기에서"), ("in Games", "게임에서"), ("in Widgets", "위젯에서"),
    ("in Sidebars", "사이드바에서"), ("in Panels", "패널에서"), ("in Menus", "메뉴에서"), ("in Wizards", "마법사 화면에서"),
    ("in Checkout", "결제 화면에서"),
]

# Component groups used: 16 of them times 25 contexts make 400 topics, about 0.5 s of applying
# in a release build (parsing takes longer and grows faster than the file).
TOPIC_GROUPS = 40

# Each sentence pair takes the component and the context, in English and in Korean.
PAIRS = [
    ("Keep {c} {x} quiet until people need them, so the content stays in front.",
     "{kx} {kc}는 사용자가 필요로 할 때까지 조용히 두어 콘텐츠가 앞에 보이게 하세요."),
    ("Give {c} {x} a short label that says what happens next, not how it works.",
     "{kx} {kc}에는 작동 방식이 아니라 다음에 일어날 일을 말하는 짧은 레이블을 붙이세요."),
    ("Show the progress of long work near {c} {x}, and let people cancel it.",
     "{kx} 오래 걸리는 작업의 진행률은 {kc} 가까이에 보여 주고, 사용자가 취소할 수 있게 하세요."),
    ("Make {c} {x} large enough to touch comfortably and easy to find with the keyboard.",
     "{kx} {kc}는 편하게 누를 수 있을 만큼 크게 만들고 키보드로도 쉽게 찾을 수 있게 하세요."),
    ("Check {c} {x} in both light and dark appearances, with enough contrast in each.",
     "{kx} {kc}는 밝은 모드와 어두운 모드 모두에서 충분한 대비가 있는지 확인하세요."),
    ("Avoid stacking several {c} {x}; one clear choice is easier to understand than many.",
     "{kx} {kc}를 여러 개 겹쳐 두지 마세요. 분명한 선택 하나가 여러 개보다 이해하기 쉽습니다."),
]


def topic(number: int, component: tuple, context: tuple) -> str:
    (c, kc), (x, kx) = component, context
    lines = [f"[UI 스터디 #{number}] {c} {x}", ""]
    lower = c.lower()
    lines += [f"{c} {x} help people act without leaving what they are doing.",
              f"{kx} {kc}는 사용자가 하던 일을 떠나지 않고도 행동할 수 있게 도와줍니다.", ""]
    for english, korean in PAIRS:
        lines += [english.format(c=lower, x=x.lower()), korean.format(kc=kc, kx=kx), ""]
    if number % 50 == 0:
        # A caption with no English: the importer reports it as a warning with its line number.
        lines += [f"그림 {number}: {kc} 예시 화면입니다.", ""]
    return "\n".join(lines)


def main() -> None:
    topics = []
    number = 1
    for component in COMPONENTS[:TOPIC_GROUPS]:
        for context in CONTEXTS:
            topics.append(topic(number, component, context))
            number += 1
    path = pathlib.Path(__file__).with_name("study-notes.txt")
    path.write_text("\n".join(topics), encoding="utf-8")
    print(f"{path}: {len(topics)} topics, {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
