"""The daily post and its setup read well with five kinds (issue 34): ``/pipes-setup status``
gives each kind its own line, and the post carries one compact picture of all its kinds
(each kind's start picture, small and labelled) instead of one near-blank picture each."""

import io

from botkit import ALICE, MANAGER, daily_post, enable_daily, post_picture
from PIL import Image, ImageStat

from bot.kinds import FACES
from db import DailyKind
from puzzle import KINDS
from renderer import theme
from renderer.sheet import sheet, tile_boxes

SOLID = [
    ("Red 9×9", (230, 30, 30), (300, 300)),
    ("Green 16×8", (30, 200, 60), (600, 300)),  # wide: fills a tile's width only
    ("Blue 4×12", (40, 60, 220), (100, 400)),  # tall, and small: never enlarged
    ("Yellow 5×5", (240, 220, 20), (50, 50)),
    ("Violet 40×40", (160, 60, 200), (1000, 1000)),
]


def png_of(colour, size):
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def test_a_sheet_shows_each_picture_whole_in_its_tile_with_its_label():
    drawn = Image.open(io.BytesIO(sheet([(n, png_of(c, s)) for n, c, s in SOLID]))).convert("RGB")
    boxes = tile_boxes(len(SOLID))
    assert drawn.size[0] <= 560 and drawn.size[1] <= 440  # one compact picture
    for (_, colour, size), (left, top, right, bottom) in zip(SOLID, boxes, strict=True):
        side = right - left
        assert drawn.getpixel(((left + right) // 2, (top + bottom) // 2)) == colour
        scale = min(1, side / max(size))  # shrunk to fit, never enlarged
        shown = round(size[0] * scale), round(size[1] * scale)
        inside = [
            (x, y)
            for x in range(left, right)
            for y in range(top, bottom)
            if drawn.getpixel((x, y)) == colour
        ]
        xs, ys = {x for x, _ in inside}, {y for _, y in inside}
        assert abs(len(xs) - shown[0]) <= 1 and abs(len(ys) - shown[1]) <= 1  # all of it
        assert drawn.getpixel((left, top)) == theme.FRAME or shown == (side, side)
        label = drawn.crop((left, bottom, right, bottom + 24))
        assert theme.LABEL in {pixel for _, pixel in label.getcolors(side * 24)}
    tops = sorted({top for _, top, _, _ in boxes})
    assert len(tops) == 2  # three, then two
    first, second = ([b for b in boxes if b[1] == top] for top in tops)
    assert len(first) == 3 and len(second) == 2
    middle = drawn.size[0] / 2
    assert abs((second[0][0] + second[-1][2]) / 2 - middle) <= 1  # the last row centred


def test_boxes_never_overlap_and_stay_inside_for_any_count():
    for count in range(1, 8):
        boxes = tile_boxes(count)
        drawn = Image.open(io.BytesIO(sheet([("x", png_of((0, 0, 0), (10, 10)))] * count)))
        assert len(boxes) == count
        for k, (left, top, right, bottom) in enumerate(boxes):
            assert 0 <= left < right <= drawn.width and 0 <= top < bottom <= drawn.height
            for other in boxes[k + 1 :]:
                assert (
                    right <= other[0] or other[2] <= left or bottom <= other[1] or other[3] <= top
                )


def all_kinds():
    return [
        DailyKind(name, KINDS[name].daily_presets[0], position=k) for k, name in enumerate(FACES)
    ]


async def test_the_daily_post_attaches_one_picture_of_all_its_kinds(harness, clock):
    clock.now = clock.now.replace(hour=10)
    await enable_daily(harness, "5x4", *all_kinds())
    assert await harness.bot.poster.tick() == 1
    post = daily_post(harness)
    assert [name for name, _ in post.files] == ["daily.png"]
    alt = post.json["attachments"][0]["description"]
    assert all(face.kind.title in alt for face in FACES.values())
    drawn = post.image("daily.png").convert("RGB")
    for name, box in zip(FACES, tile_boxes(len(FACES)), strict=True):
        own = await post_picture(harness, name)
        tile, whole = middle_mean(drawn.crop(box)), middle_mean(own.convert("RGB"))
        assert max(abs(a - b) for a, b in zip(tile, whole, strict=True)) <= 10, name


def middle_mean(image):
    """The mean colour of an image's middle half (a picture shrunk keeps its mean)."""
    w, h = image.size
    return ImageStat.Stat(image.crop((w // 4, h // 4, 3 * w // 4, 3 * h // 4))).mean


async def test_the_status_gives_each_kind_of_the_post_its_own_line(harness, clock):
    rows = all_kinds()
    rows[2] = DailyKind(rows[2].kind, rows[2].choice, posted=False, position=2)
    await enable_daily(harness, "5x4", *rows)
    status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
    lines = status[0].content.splitlines()
    assert lines[0] == "Daily post in <#1200000000000000004> every day at 09:00 UTC, with:"
    posted = [FACES[row.kind] for row in rows if row.posted]
    kinds = [line for line in lines if line.startswith("• ")]
    assert [line.split(" ")[1] for line in kinds] == [face.icon for face in posted]
    for face, line in zip(posted, kinds, strict=True):
        assert face.kind.title in line and len(line) <= 120
        assert not [f for f in FACES.values() if f is not face and f.kind.title in line]
    off = FACES[rows[2].kind].kind.title
    assert f"Not in the post: {off} (`/pipes-setup kind` puts one in)." in lines
