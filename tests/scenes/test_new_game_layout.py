"""The new-game form holds every game's options and cards in the smallest window, in every
language: whole labels and descriptions inside their panel, nothing drawn over anything."""

import itertools

import pygame
import pytest

from engine import registry
from scenes import kit
from scenes.new_game import OPTION_LABEL_MIN_SIZE, OPTION_NOTE_SIZE, NewGameScene
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, frames, make_app
from translation import _

GAMES = [spec.id for spec in registry.games()]


@pytest.fixture
def form(request):
    """The new-game form at ``(language, size)``."""
    language, size = request.param
    app = make_app(size=size)
    app.set_language(language)
    app.manager.push(TitleScene(app))
    scene = NewGameScene(app)
    app.manager.push(scene)
    frames(app, 2)
    yield scene
    close_apps()


def forms(cases, keep: int):
    """Run a test once per ``(language, (width, height))`` of ``cases``, named "ru-1024x640";
    the cases after the first ``keep`` run long (tests/soak.py)."""
    cases = [
        case if index < keep else pytest.param(case, marks=pytest.mark.long)
        for index, case in enumerate(cases)
    ]
    return pytest.mark.parametrize(
        "form", cases, indirect=True, ids=lambda case: f"{case[0]}-{case[1][0]}x{case[1][1]}"
    )


def ink(line, size, bold, topleft) -> pygame.Rect:
    """Where the letters of ``line`` drawn at ``topleft`` really are."""
    return kit.text(line, size, kit.INK, bold).get_bounding_rect().move(topleft)


def choose(scene, game_id) -> None:
    scene.choose_game([spec.id for spec in scene.games].index(game_id))
    frames(scene.app, 1)


@forms([(lang, (1024, 640)) for lang in ("ru", "ja", "es", "en")] + [("ru", (1280, 800))], keep=2)
def test_every_option_label_and_description_is_whole_inside_the_options_panel(form):
    scene = form
    for game_id in GAMES:
        choose(scene, game_id)
        panel = scene.options_rect
        assert pygame.Rect((0, 0), scene.app.size).contains(scene.panel_rect)
        assert scene.panel_rect.contains(panel)
        drawn = []  # ink and drop-down rects: no two may overlap
        for dropdown, _option in scene.option_widgets.values():
            assert panel.contains(dropdown.get_abs_rect()), game_id
            drawn.append(("drop-down", dropdown.get_abs_rect()))
        labels = [text for text in scene.option_texts if text[2] == kit.INK]
        notes = [text for text in scene.option_texts if text[2] == kit.INK_DIM]
        for line, size, _colour, rect in scene.option_texts:
            assert panel.contains(rect), (game_id, line, rect, panel)
            drawn.append((line, ink(line, size, False, rect.topleft)))
        for line, size, _colour, _rect in labels:
            assert size >= OPTION_LABEL_MIN_SIZE, (game_id, line, size)
            assert not line.endswith("…"), (game_id, line)
        assert {size for _line, size, _colour, _rect in notes} <= {OPTION_NOTE_SIZE}
        # every label and description is shown whole
        shown = "".join(line for line, *_rest in scene.option_texts).replace(" ", "")
        spec = registry.get(game_id)
        for option in scene._shown_options():
            for text in (_(option.label), _(option.description)):
                assert text.replace(" ", "") in shown, (game_id, text)
        for (name, one), (other_name, other) in itertools.combinations(drawn, 2):
            assert not one.colliderect(other), (game_id, name, other_name)
        assert len(scene.option_widgets) == len(scene._shown_options()) <= len(spec.options)


@forms([(lang, size) for size in ((1024, 640), (1280, 800)) for lang in ("ru", "ja")], keep=2)
def test_a_game_cards_text_keeps_clear_of_the_cards_edges(form):
    scene = form
    for game_id in GAMES:
        choose(scene, game_id)
        cards = [button.get_abs_rect().inflate(-4, -4) for button, *_rest in scene.game_buttons]
        assert len(scene.card_texts) >= 3 * len(cards)
        for line, size, bold, _colour, topleft in scene.card_texts:
            letters = ink(line, size, bold, topleft)
            card = next(card for card in cards if card.collidepoint(letters.center))
            # as clear of the bottom edge as of the sides: 6 pixels at least
            assert card.inflate(-kit.px(12), -kit.px(12)).contains(letters), (game_id, line)


@forms([("en", (1280, 800))], keep=1)
def test_the_chosen_game_cards_letters_are_bright_on_its_gold(form):
    """Play-test: gold player counts and dim descriptions were hard to read on the chosen
    card's gold; the other cards keep their dim lines."""
    scene = form
    choose(scene, "off-the-rails")
    chosen = scene.game_buttons[scene.game_index][0].get_abs_rect()
    on_chosen = [
        colour for _l, _s, _b, colour, topleft in scene.card_texts if chosen.collidepoint(topleft)
    ]
    others = [
        colour
        for _l, _s, _b, colour, topleft in scene.card_texts
        if not chosen.collidepoint(topleft)
    ]
    assert len(on_chosen) >= 3 and set(on_chosen) == {kit.INK}
    assert kit.INK_DIM in others


@forms([(lang, (1024, 640)) for lang in ("ru", "es", "ja", "en")], keep=2)
def test_every_game_cards_description_is_whole_in_the_smallest_window(form):
    """Play-tests: at 1024 × 640 the cards' descriptions ended in "…" (Russian, then Spanish):
    each game's description is short enough for its card in every language."""
    scene = form
    for button, _spec, _y in scene.game_buttons:
        card = button.get_abs_rect()
        texts = [text[0] for text in scene.card_texts if card.collidepoint(text[4])]
        assert len(texts) >= 3 and not any(line.endswith("…") for line in texts), texts


@forms([("ru", (1024, 640))], keep=1)
def test_a_game_card_whose_description_is_cut_shows_it_whole_on_hover(form):
    """Play-test: cut descriptions ended in "…" and nothing showed the rest. A cut card's
    tooltip holds the whole description (here one made too long for its card)."""
    scene = form
    import dataclasses

    long = "Берите шарики и варите зелья. " * 6
    scene.games[0] = dataclasses.replace(scene.games[0], description=long)
    scene.relayout()
    button, _spec, _y = scene.game_buttons[0]
    card = button.get_abs_rect()
    texts = [text[0] for text in scene.card_texts if card.collidepoint(text[4])]
    assert texts[-1].endswith("…")
    assert getattr(button, "_kit_tip", None) == long


@forms([("ru", (1024, 640)), ("ja", (1024, 640)), ("ru", (1280, 800))], keep=1)
def test_a_game_cards_tooltip_is_drawn_opaque_over_the_next_cards_text(form):
    """Play-test (ru, 1024 × 640): the tooltip of Potion Explosion's cut description showed the
    next card's title "Сойти с рельсов" over its words, and the card's lines through its
    background. Every pixel of the tooltip's box on screen is the tooltip's own, opaque."""
    scene = form
    app = scene.app
    button = next(b for b, spec, _y in scene.game_buttons if spec.id == "potion-explosion")
    card = pygame.Rect(button.get_abs_rect())
    tip = app.ui.create_tool_tip(
        _(registry.get("potion-explosion").description),
        (card.centerx, card.bottom - 10),
        (0, 12),
        button,
        None,
    )
    app.draw()
    box = tip.text_block
    image = box.image
    opaque = [
        (x, y)
        for x in range(image.get_width())
        for y in range(image.get_height())
        if image.get_at((x, y)).a == 255
    ]
    assert len(opaque) > 0.85 * image.get_width() * image.get_height()
    under_text = [
        (x, y)
        for x, y in opaque
        if app.screen.get_at((box.rect.x + x, box.rect.y + y))[:3] != image.get_at((x, y))[:3]
    ]
    assert under_text == []


@forms([(lang, (1024, 640)) for lang in ("ja", "ru", "es", "en")], keep=2)
def test_a_seats_name_has_room_beside_its_kind(form):
    """Play-test: 「プレイヤー1」 filled its entry to the edge beside a drop-down wider than its
    label. The drop-down is as wide as the kinds shown need (and the open list's), the entry
    gets the rest: a default name leaves room to type."""
    from scenes.new_game import seat_kind_labels

    for kind, name in form.seat_widgets:
        widest = max(kit.font(15).size(label)[0] for label in seat_kind_labels())
        assert kind.rect.width >= widest + kit.px(12)
        text = kit.font(15).size(name.get_text())[0]
        assert name.rect.width - text >= kit.px(20), (name.get_text(), name.rect.width)
