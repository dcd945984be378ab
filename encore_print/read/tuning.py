"""Every tuning number of the photo reader, in one place, each with the reason for its value."""

# Markers may be small in a wide photo: a 10 mm fiducial on a sheet filling a third of the frame
# still has a perimeter of ~6 % of the image's larger side; 2 % leaves room for smaller sheets.
MIN_MARKER_PERIMETER_RATE = 0.02
# Markers are searched for on a copy at most 1400 px long (10 mm markers on a sheet filling a
# third of it still span ~25 px), and their corners refined on the full photo. The copy is shrunk
# bilinearly: area averaging took 2 ms more a 12 MP photo and, on 150 sheets a level and 300 hard
# ones, found no more markers.
DETECT_SIDE = 1400
# Finding the markers is quicker when guessed first (only the speed depends on these: a guess is
# checked by the marker search around it, and without four good guesses the whole picture is
# searched). Markers are dark, filled, squarish blobs on a quarter-size copy: 20 grey levels
# darker than the mean of the 21 px around (a marker, 6 px and more there, is far darker than
# its paper), filling 35 % of their box, at most a sixth of the picture long (a marker of a
# sheet filling the frame: 6 %; a dark table around the sheet is not tried); the 16 biggest are
# tried (on simulated photos the fourth marker was among the first 14).
GUESS_BLOCK = 21
GUESS_DARKER = 20
GUESS_FILL = 0.35
GUESS_LARGEST = 1 / 6
GUESSES = 16
# Around a guess (and around a marker found, when searched again) only shapes with a perimeter
# of at least this share of the box's half-perimeter (w + h) are looked at: a marker's is about
# twice that. The search around a guess then costs a twentieth (the many small shapes of print
# and text near a marker are skipped) and finds the same marker with the same corners (300
# simulated photos).
GUESS_LEAST_PERIMETER = 1.0
# Two markers on one edge leave the far side of the sheet to guesswork: three are needed.
MIN_MARKERS = 3
# A second sheet's markers show about as big as the first's (two sheets side by side): blobs
# outside the first sheet at least half as big as its smallest marker are searched for them.
OTHER_MARKER_AREA = 0.5
# ...and another sheet is one when at least half of it lies in the photo: the edge of a
# neighbour's sheet at the photo's edge is no sheet to score.
OTHER_SHEET_SHOWN = 0.5
# ...and when fewer are found, markers smeared over a third of a module mean a blurred photo.
MARKER_BLUR = 0.33
# A marker whose corners land more than 2.5 mm from where the other markers put them is left out
# (a false detection in a shadow, a folded corner).
MARKER_FIT_MM = 2.5

# Big JPEGs are decoded at 1/2, 1/4 or 1/8 size while the longer side stays at least this long:
# a sheet filling a third of the frame then still gets ~8 px per mm.
DECODE_MIN_SIDE = 2000
# A scanner app's PDF is drawn at 250 dpi (~10 px per mm: more than the reader's 8), its longer
# side at most 4 000 px (an A4 page at 250 dpi is 2 923).
SCAN_DPI = 250
SCAN_MAX_SIDE = 4000

# The reader's working resolution: 8 px per mm puts ~3 px across a ballpoint line (0.4 mm) and
# keeps a whole Encore! sheet at 1.5 megapixels.
PX_PER_MM = 8.0

# Patches are computed in stacks of at most 32 (same-sized ones): together, to spare numpy's
# per-call overhead, but few enough that the stack's temporaries stay small (a stack of all 105
# cells grew the heap by ~40 MB per photo, which the kernel had to fault in again every time).
# That overhead holds the GIL, so the two threads that share the stacks barely work at once:
# stacks of 16 took 1.5-2.5 ms more a reading (12-megapixel benchmark photo, best of 25
# readings: 80.9-81.1 ms against 78.4-79.7), for the same peak memory (192 MB).
PATCH_STACK = 32

# A sheet smaller than this in the photo (px per mm) has pen lines thinner than a pixel.
MIN_PHOTO_PX_PER_MM = 2.0
# A photo whose longer side is shorter than this is smaller than a phone camera takes them (8
# megapixels and more: 3 264 px and more): a copy a messaging app shrank, maybe (1 280-1 600 px
# is common). Refused for too few pixels on the sheet, it is told so.
SHRUNK_SIDE = 2000

# Local alignment: blank and photo compared at 4 px/mm around each element (element + margin),
# searched ±2 mm; shifts smoothed as the median over elements within 15 mm whose match is good.
ALIGN_PX_PER_MM = 4.0
ALIGN_MARGIN_MM = 1.5
ALIGN_SEARCH_MM = 2.0
ALIGN_MIN_PEAK = 0.5
ALIGN_NEIGHBOURS_MM = 15.0
# ... of those that agree within 0.2 mm with the median within 30 mm (rectify._smoothed).
# Against the true shift (the simulator's homography through the reader's fit; ordinary and
# hard 0-39, the 100 photos whose matches at 0.9 or more lie within 0.1 mm of it): on --sloppy,
# 16 of 8 418 shifts more than 0.15 mm off (at most 0.46) became 2 (at most 0.18); tidy, 1 of
# 9 882 became none. 0.3 mm left 5 (at most 0.27).
ALIGN_CONSENSUS_MM = 30.0
ALIGN_AGREE_MM = 0.2
# On a sheet laid flat (see below), an element matched at 0.9 or more keeps its own shift:
# the test's curled sheet (tests/test_read, seed 4) left cell A3, at the edge that curled,
# 0.48 mm out after laying flat, its neighbours 0.25-0.4 mm (their median 0.15 mm off it, the
# agreeing ones' 0.22 mm: a star's outline read as a line). Flat, this would do worse: more
# than 0.1 mm off, 15 → 23 of 8 418 shifts on --sloppy, 1 → 4 of 9 882 tidy (as above).
ALIGN_OWN_PEAK = 0.9
# Paper that is not flat (an edge curling up off the table) puts the print farther from where
# the corner marks say than the alignment follows, and bends it within an element: outlines
# and glyphs read as pen (simulated, benchmarks' --curl: 14 of 150 ordinary photos had a mark
# misread, sure, 3 with nothing flagged). A sheet is not flat where a tenth of the elements
# that matched are found 0.6 mm or more out of place (flat: at most 0.25 mm, 150 ordinary
# photos; curled: the photos with a misread from 0.79 mm; a thumb over a corner mark: 9 of
# 150 flat hard photos, the other three marks placing the print less exactly). Such a sheet is
# laid flat by where its print was found (flatten.py: a thin-plate spline through the
# elements that matched, smoothing 100 in its own units, mm² log mm, worked out every 2 mm:
# every 1 mm gave the same counts at twice the cost of the spline; a shift more than about
# 0.125 mm off the others' surface weighed down, fitted twice more) and read
# again, up to 3 times while an element that matched is still 1 mm or more out of place or
# 0.3 mm off its neighbours' shift (flat: 99 % under 0.31 mm). What is left so after that,
# and its neighbours (ALIGN_NEIGHBOURS_MM), is not sure. On 150 curled photos (ordinary /
# hard) laid flat once by a Gaussian spread of the shifts: 95 / 24 exact, 5 / 19 with a sure
# misread (the exclamation marks' row at the sheet's edge left stretched: specks read as
# crosses); by the spline, up to 3 times: 142 / 74 exact, 0 / 2 (and specks alone a doubt
# only, sheet.py: 139 / 76, 0 / 1). Smoothing 30 let one match drawn off by a pen's circle
# bend the field (a value read struck, sure), 1000 left the edge rows stretched (5 ordinary
# photos with a sure misread); 2 layings flat left 10 ordinary photos flagged, 3 leave 8.
# Fewer than 20 elements matched: not tried.
ALIGN_FLAT_MM = 0.6
BENT_SHIFT_MM = 1.0
BENT_OFF_MM = 0.3
# A box read crossed by a faint line or specks alone, whose own print matched 0.15 mm or more
# from the shift it was read at (its neighbours'), is a doubt (sheet._doubt_off_their_match):
# on curled sheets the left column's own matches lay 0.25-0.34 mm off the columns beside it,
# and empty star A3's outline read as a line or specks, sure (--curl --phone ordinary 40059,
# --sloppy --curl 40005 and 41033, --curl 41057). Of the 1 030 true crosses so read
# on seeds 40000-40099 (--sloppy --curl, --curl --phone, --sloppy --pen pencil, --printer pale
# --pen pencil, --pen pencil --phone; both levels) and hard 0-149, none was doubted; on fresh
# --curl 41000-41099, 2 of 25 (ordinary 41049 B4 at 0.23, B6 at 0.17: one photo read exact
# now flagged, one wrong total now flagged), on --curl --pen pencil none of 281.
OWN_OFF_MM = 0.15
FLAT_FIELD_PX_PER_MM = 0.5
FLAT_SMOOTHING = 100.0
FLAT_OUTLIER_MM = 0.125
FLAT_REFITS = 2
FLAT_PASSES = 3
FLAT_MIN_ELEMENTS = 20

# Ink: the photo is compared with the darker of the crisp print and the print blurred as much
# as the photo, at its darkest within 0.15 mm (the alignment's residual error). With 0.4 mm
# and no blur model a star hid half of its cell from the pen (pencil crosses through stars were
# missed); this way it hides a quarter, and printed edges leave no halo of false pen.
INK_SHIFT_TOLERANCE_MM = 0.15
# A phone's JPEG keeps one colour per 2 × 2 pixels, and its decoder spreads each over them:
# the print's colours are expected blurred by a Gaussian of 0.7 times that spacing more than
# its brightness. Measured on a yellow-white edge beside a black-white one, both blurred by
# 0.8 px and saved by OpenCV: the colours blurred 1.03 px more than the brightness at quality
# 92-95 (a phone's own: 0.5 of the spacing), 1.15 at 80, 1.33 at 60 (0.67: a messaging app's
# copy, the simulator's hard photos). Read as sharp as the brightness, the yellow smeared over
# small photos' white stars read as pen: empty stars read crossed, sure, wrong totals
# (--printer dark hard 63026, 63060, 63146, --printer tinted hard 63146, --glare hard 47080).
# 0.7 mends all five; 0.5 the first two and tinted 63146 (0.6 no more of the dark ones). On
# 13 sets of 300 photos (seeds 0-149, fresh 63000-63149 mixed, --glare, dark, tinted and pale
# printers, pencil, --sloppy, --phone, ballpoint; --glare 47000, --glare --pen pencil 64000),
# 0.7 read 3 more hard photos exact and 2 fewer ordinary ones, and made no total wrong.
COLOUR_BLUR = 0.7
# A colour pad or a black-and-white one: colour when the photo shows more than 0.3 of the
# colour pad's colours (tone.colour_strength; of its levels, those of chromaticity 0.05 or
# more: the cells' fills). Simulated, 150 photos each: colour pads 0.83-1.13 (hard photos),
# from a toner saver (simulate.PRINTERS "pale") 0.46-0.80 (hard and extreme), black-and-white
# pads -0.30-0.15 (ordinary, hard and extreme photos, felt pens of every colour, ballpoints).
# Measured in the cells instead, felt pens on black-and-white pads reached 0.75. (The median
# saturation where the colour pad is coloured less that where it is white, used before,
# overlapped: black-and-white pads up to 23 on 300 hard photos, a toner saver's colour pads
# down to 19. The correlation of two saturation maps, before that, took black-and-white pads
# with felt pens of every colour for colour ones.)
COLOURED_CHROMA = 0.05
PAD_COLOUR_STRENGTH = 0.3
# A photo in shades of grey (a scanner app's grey filter, a camera's black-and-white mode)
# has no colours to tell by: where at most 0.1 % of its coarse copy's pixels spread over 3
# levels between channels (on 240 colour photos of colour and black-and-white pads, ordinary
# and hard: none; on 600 grey ones: all), the pads are told apart by how dark the colour
# pad's fills show against their white stars (tone.fill_strength): colour pads 0.46-1.43
# (exact, pale and dark printers), black-and-white -0.07-0.42 (exact and pale), 60 grey photos
# each, ordinary and hard. Up to the first limit a black-and-white pad, from the second a
# colour one; between them the photo is refused.
# A picture black and white only (thresholded): 90 % of its pixels within 15 levels of black
# or white, 3 % of them black. On 600 simulated photos (colour and black-and-white pads, pale
# ones, with a reflection, in grey; ordinary, hard, extreme) at most 15 % were; thresholded
# and saved as JPEG (quality 85), 99.9-100 %. Such a photo is refused where it cannot be
# read, and every mark left to the players where it can: it shows none of what is measured.
BINARY_DARK = 15
BINARY_LIGHT = 240
BINARY_SHARE = 0.9
BINARY_BLACK = 0.03
GREY_SPREAD = 3
GREY_COLOURED = 0.001
PAD_FILL_STRENGTH = (0.38, 0.55)
# A printer's tone (see tone.py) is measured on each level the blank prints flat, in tiles of
# the light field that are at least 10 % white paper over at least 6 mm² of it (on Encore!,
# the colour bonus boxes and the value boxes: 190-350 and 1 800-2 400 pixels), and all over;
# at most 600 pixels of each, spread evenly, at LIGHT_PX_PER_MM, leaving out pixels darker than
# 85 % of their typical level in some channel (pen), when 50 are left. The typical level is
# their median; where that is darker in some channel than 55 % of the level (no printer prints
# so dark: a soaked inkjet, 20-30 % darker), their 90th percentile. On a sheet whose cells
# were dotted all over in red, the median was the pen's (benchmarks --sloppy, ordinary seed 51:
# the pink fill measured as red, 17 crosses read empty, sure); always the 90th percentile cost
# 7 of 100 exact hard photos (seeds 0-149), 5 of them refused for contrast.
TONE_MIN_AREA = 100
TONE_SAMPLES = 600
TONE_DARKEST = 0.55
TONE_TYPICAL = 90
TONE_CLEAN = 0.85
# Where 15 % or more of them show brighter than their median by as much (and no brighter than
# paper), the typical level is the median of those: the median was a shadow's (a pen lying over
# the colour bonus boxes, --lying pen --mono, ordinary seed 40080: 228 measured 178, 7 empty
# boxes read crossed, sure). Seeds 40000-40099, both levels: --lying pen --mono 157 verdicts
# changed (that photo now flagged; 3 verdicts a few hundredths less sure), --sloppy --pen
# pencil 185 (none worse), --lying die --grey 4, tidy photos 1, --finger 0.
TONE_BRIGHT_SHARE = 0.15
TONE_MIN_SAMPLES = 50
TONE_NEAR_WHITE = 0.1
# Of the two, the difference nearer the renderer's level is taken (none when they disagree):
# alone, each erred on an exact print by up to 9-12 % of a level on hard photos (the JPEG's
# coarse colour bleeding white into small boxes; white paper's light guessed wrong across the
# grid, where it has none), together by 3.0 % at most on 40 ordinary photos, 4.9 % on 40 hard
# ones (99 % within 2.5 %). A toner saver's cell colours are 15-30 % paler, a soaked inkjet's
# 20-30 % darker; and a tone left a few % off is not harmless: taking 7 % off each difference
# read 24 % fewer of 100 ordinary pale-printed photos exact, 2 of them wrong unflagged. So
# none of a difference within 3 % of its level is taken, all of one over 6 %, and linearly
# more in between.
TONE_TOLERANCE = 0.03
# Light is measured on print that is flat for 1 mm around, in tiles of 8 mm, on a copy of the
# sheet at 4 px per mm (light changes slowly; pen is left out by a second pass). The tiles'
# means are taken on that copy's half-size copy (2 px per mm), which the sharp light below is
# followed on anyway: the light field then took 13 instead of 19 ms on the 12-megapixel photo
# of benchmarks/score.py, and on the 15 verdict sets (2 600 photos) read 1 ordinary and 4
# hard photos fewer exact (of 1 328 and 539), none wrong. Followed at 2 px per mm too (the
# whole light at half size: 7 ms), it read 5 ordinary and 13 hard ones fewer exact and one
# wrong (a black-and-white pad's cell read crossed, sure).
FLAT_RADIUS_MM = 1.0
LIGHT_TILE_MM = 8.0
LIGHT_PX_PER_MM = 4.0
# ...then followed where it changes sharply (the edge of a shadow in sunlight) by closing the
# plain print's brightness over darker features narrower than 8 mm (pen strokes, dots: with
# 5 mm a pencil dot's middle was taken for shade; the print between plain areas). Where that
# is under 60 % of the tiles' light there was no plain print near enough, and the tiles' light
# holds. A closing is biased bright by noise: its typical excess over the tiles' is divided out.
# It runs on a half-size copy (2 px per mm): at full size it took 40 ms a photo; on 300
# simulated photos the half-size one read 4 fewer hard ones exactly, none wrong.
LIGHT_EDGE_MM = 8.0
LIGHT_KNOWN = 0.6
# The light's bias is the median of ~370 000 ratios: found among those between two quantiles
# of a sample this big (about 1 in 90 of them), which is faster than numpy's partition of
# them all and gives the same value (or numpy's own when the middle falls outside).
MEDIAN_SAMPLE = 4096
PLAIN_RADIUS_MM = 0.4  # plain print for the sharp light: 1 mm leaves a star's cell none
# A black-and-white pad's hatching (lines 1.4 mm apart) is finer than most photos resolve: in
# its cells the light is read from the photo and the print both blurred by 1 mm (which leaves
# nothing of a 1.4 mm pitch), where that blurred print is light (grey 200 of 255) and varies by
# at most 10 within 0.5 mm (away from thick outlines and symbols), and the sharp light takes it
# as plain print. Before, no light was measured inside a hatched grid: the gaps of its
# hatching read as grey pen where the light fell off (ink up to 0.15 in empty cells).
HATCH_BLUR_MM = 1.0
HATCH_EVEN_MM = 0.5
HATCH_SPREAD = 10
HATCH_LIGHT = 200

# A pixel is pen when its ink, above its patch's own paper level (a plane through the 30th
# percentile of its 3×3 blocks: shadow the light field missed), passes 25 % of this sheet's pen
# darkness (the 90th percentile of clear pen pixels), and never below 0.08 (paper texture, JPEG
# noise).
BASELINE_PERCENTILE = 30
# Noise in ink grows as the light falls: a patch lit at a fraction f of the sheet's median light
# has its ink scaled by f (not below 0.4), so noise in a cast shadow does not pass for pen.
SHADOW_INK_FLOOR = 0.4
# The photo's noise on paper: the 95th percentile of ink in the sheet's quietest 10 % of boxes
# (an Encore! game ends with at least that many empty); pen must be 1.5 times that.
NOISE_PERCENTILE = 95
QUIETEST_BOXES = 0.1
NOISE_FACTOR = 1.5
# The floor decides pencil sheets (their noise term is lower). 0.065 read 35 of 60 simulated
# pencil sheets exact instead of 22 (ordinary photos), but on hard photos noise in their dim
# corners passed for crosses and circles (150 photos: 2 wrong totals unflagged). Each box
# against its own noise (5 × its MAD) did worse still: the MAD of ink clipped at zero is no
# measure of noise. A local noise measure would let the floor go.
MIN_PIXEL_INK = 0.08
PEN_FRACTION = 0.25
MIN_PEN_PIXELS = 200

# Boxes (cells, exclamation marks): the share of pen pixels inside the box, 4 % in from each
# edge. Crossed and empty boxes are split between the sheet's two groups (log space), kept
# within 2.5× of 4 % either way; when the groups are less than 5× apart the 4 % holds.
BOX_INSET = 0.04
# Pen counts fully over the middle 60 % of a box and less towards its edges.
FULL_WEIGHT = 0.6
# Pen marks are strokes: after joining pen pixels closer than 0.6 mm (grainy pencil, a dashed
# faint line), specks under 0.8 mm² (paper grain, noise) are not counted.
STROKE_JOIN_MM = 0.6
MIN_STROKE_MM2 = 0.8
COVER_FLOOR = 0.002
# A box's coverage is the share of where pen can show in it (the print lighter than
# SEEN_PRINT), weighed as above, and of half of it at least: a star's outline hides a quarter
# of its cell (the exclamation mark a fifth), under which a cross through it leaves nothing,
# so its crosses' coverage fell short of a plain cell's (median 6.7 times the limit, 5 % under
# 1.35, against 12.2 and 5.1; session 24, 450 ordinary photos) and near the limit they were
# doubts. Counted so, with a grainy cross's specks firming a coverage little over the limit
# (judge._firm_by_specks: its specks are what a star's outline leaves of it), on 1 900 of
# session 24's photos (see STAR_LINE_DOUBT_ANY; not the grey ones) the exact ones went from
# 1 382 to 1 397 (with STAR_LINE_DOUBT_ANY, which changed only 9432): fresh ordinary
# 9300-9599 272 -> 277, pencil 9000-9149 110 -> 113, ordinary 0-299 290 -> 293, hard 0-299
# 177 -> 176, ballpoint hard 113 -> 114, pencil 1000-1149 ordinary 121 -> 122, hard 19 -> 22;
# no photo gained a sure misread. Two empty stars with stray strokes now read crossed, doubts
# (ordinary seed 17, ballpoint hard seed 31: read empty, doubts, before).
COVER_SEEN_FLOOR = 0.5
COVER_CROSSED = 0.04
MIN_GROUP_RATIO = 5.0
LIMIT_FREEDOM = 2.5
# Boxes under 5 mm (the solo roll counter: 4.3 mm) are judged with the pen threshold and the
# coverage limit the sheet's other boxes set, and take no part in setting them (nor in aligning
# them): their outline is much of them, and a table game leaves all 30 empty. Pen is looked for
# 0.5 mm in from the outline, beyond where a blurred photo (sigma up to MAX_BLUR_MM) spreads it,
# against the print blurred as much as the photo. A stroke covers about 3 times more of such a
# box than of a cell, and a stroke of half the usual size counts (0.4 mm²: a small slash).
SMALL_BOX_MM = 5.0
SMALL_BOX_INSET_MM = 0.5
SMALL_LIMIT_FACTOR = 3.0
SMALL_MIN_STROKE_MM2 = 0.4
# A faint line in them is averaged along 70 % of what is left of the box, against the same
# measure on their own quiet boxes when at least 8 are quiet, else on the middle of the sheet's
# empty cells (a solo sheet may have every box crossed).
SMALL_LINE_FRACTION = 0.7
SMALL_QUIET = 8
# The roll counter sits next to the bottom-right corner mark, where a thumb holds the sheet: when
# a corner mark is hidden (or did not fit: a folded corner), small boxes within 25 mm of it are
# not sure.
COVERED_CORNER_MM = 25.0
# What hides a corner mark (a thumb: up to ~35 mm from the corner) may lie over elements too:
# within 35 mm of a hidden mark, an element whose print matches the blank (correlation) less
# than 75 % as well as is usual for its kind on the sheet is not sure. Simulated (relative to
# the kind's median): roll boxes under a thumb −0.1-0.1, partly under it 0.4-0.5; in view, 1 %
# of empty elements under 0.9 on ordinary photos, under 0.6 on hard ones. (Doubting every
# empty element under 0.75 anywhere cost a third of the exact hard sheets and caught nothing.)
# 0.5 read 4 more of 300 hard photos exact, but on a pencil photo a cell in the thumb's shadow,
# matching at 0.5-0.75, read crossed with confidence 1: the shadow's edge is a line.
HIDDEN_CORNER_MM = 35.0
COVERED_MATCH = 0.75
# There, a mark read where the light (least channel) over the element's box is 1.6 times as
# bright at its brightest as at its darkest is not sure: the thumb's edge crosses it, and the
# light field follows that edge only roughly (hard seed 1271: cell A1, 2.3, read crossed, sure).
# Simulated (hard seeds 0-149 and 1000-1299), within 35 mm of a hidden mark the marks read sure
# from 1.6 were that one and one true cross under a thumb's edge (2.05). Elsewhere a cast
# shadow's soft edge reaches 1.6-2.0 under 11 true crosses read sure, and no misread: not there.
SHADE_EDGE_STEP = 1.6
# A box coloured in with a pencil (a dot the size of the box) or a pale pen is an even tint
# wider than a stroke: the light field takes it for a shadow and divides it out, so the box read
# empty, sure (--sloppy hard 214 joker 1, 387 joker 2, 472 joker 8; 300 joker 4, H4, E7; 410
# B1). Such a dip in the light keeps to the box: over its middle the light is darker than on
# every one of its four sides (strips 0.3-1.5 mm out), while a shadow's edge leaves one side as
# dark as the middle. Measured on the light field (benchmarks/verdicts.py): boxes read empty
# reach 0.020 (--sloppy seeds 0-249 and tidy 0-149, both levels; most often a star's cell) and
# 0.015 (--sloppy hard 250-499), 0.023 with --glare (seeds 0-39); the coloured-in boxes read
# empty 0.078-0.29 and 0.069-0.26. A box read empty with a dip of FILL_DIP or more is a doubt.
# Where one is, every box read empty is (fill.doubt_pale_fills): a hurried pencil's paler
# fills dip less, and read empty, sure (--sloppy --pen pencil hard 66084: three boxes dipped
# 0.04-0.05, four shaded crosses 0.03 down to -0.01 and read empty, sure, a wrong total; 66075,
# --sloppy hard 65012 alike). On 1 500 photos (--sloppy 63000-63149 and 65000-65149, --sloppy
# --pen pencil 44000-44149 and 66000-66149, tidy 0-149; ordinary and hard) it made doubts of
# the misread boxes of four wrong totals (66075, 66084, 66042, whose misread value stays,
# 65012) and of another photo's (44144), and of 845 right verdicts on 18 photos, every one
# flagged already; no box of a tidy photo dips so.
FILL_DIP = 0.04
FILL_GAP_MM = 0.3
FILL_SIDE_MM = 1.5
# Faint lines: the darkest 5 mm segment in the middle 76 % of a box, as a robust z-score
# against the sheet's boxes with little pen (sigma at least 0.005). On 2 400 simulated empty
# boxes 99.9 % stayed under 2.2 (all under 3.7), while crosses too faint for the coverage had
# 3.3-11: crossed from 4.5 (sure from 7), a doubt from 2.5.
LINE_EVIDENCE_MM = 5.0
LINE_INSET = 0.12
LINE_FLOOR = 0.005
# On a black-and-white pad, hatched cells and plain boxes (exclamation marks) are each measured
# against their own quiet ones when at least 3 are quiet (see judge._line_z): against the
# cells, whose noise the hatching hides, an empty exclamation mark in a shadow stood out by
# 3.4 and was read crossed, sure (hard seed 215); against its own, 2.1.
LINE_OWN_QUIET = 3
LINE_CROSSED = 4.5
LINE_SURE = 7.0
LINE_DOUBT = 2.5
# With a dark pen, a segment is as dark as its palest third: a felt scribble reaching deep
# into a neighbour's empty box had a mean line evidence of z 5.8-8.5 and read crossed (on 100
# simulated felt sheets, ordinary photos: 1 wrong total, 2 more misread boxes; with thirds none,
# and 97 exact instead of 89). Pencil keeps the whole segment: its short grainy strokes lost
# their ends, and crosses through stars were missed for sure.
LINE_PARTS = 3
# On a sheet whose crosses are faint (their typical darkest ink under 0.25: pencil, a light
# photo), a box's line is a doubt from 2.2, a value's from 1.5 (99 % of empty boxes stay under
# 1.2). Some hundred boxes compared with each other put a few empty ones at 1.5-2.2 on most
# hard photos: doubting boxes from 1.5, they were the only doubt on 10 of 300 mixed hard
# photos. The crosses read empty at 1.5-2.2 on such sheets (600 pencil photos, 600 mixed;
# sheets whose pen is weak doubt every empty anyway, below) had specks of z 2.5-2.9, a doubt
# of their own (3 of them); the strokes through values read empty there have no such second
# witness (doubting values from 2.2 too left 4 of them unflagged on 300 hard pencil photos).
FAINT_PEN = 0.25
LINE_DOUBT_FAINT = 2.2
VALUE_LINE_DOUBT_FAINT = 1.5
# ... and read crossed from 2.5 (sure from 3.5): a faint pen cannot leave a dark overshoot in a
# neighbour's box either. On 60 simulated pencil sheets the 2 704 empty boxes stayed at or
# under 1.7 (on hard photos, 1 644 boxes: at most 1.7 too), while half of the 88 crosses the
# coverage missed had 2.5-4.5. Felt sheets are why the usual limit is higher: a neighbour's
# scribble reaching into an empty box reached 8.2. (Small boxes keep the usual limits, the doubt
# too: their outline leaves more, and 30 of them compared with each other put a few empty ones
# over 1.5 on most hard photos of a faint pen. Doubting from 1.5 there, empty roll boxes at z
# 1.5-3.0 were the only doubt on 18 of 200 hard ballpoint photos and 10 of 300 mixed ones; the
# crossed roll boxes it caught on 300 solo hard photos were 2, at 1.5-2.0, and a roll box never
# changes a total.)
# Only a line of pen counts so: its mean ink at least 40 % of the pen threshold (those empty
# boxes: at most 35 %; those crosses from 2.5: 45 % and more). On a clean scan the z scale is
# so fine that the leftover of a star's outline reached 2.6.
LINE_CROSSED_FAINT = 2.5
LINE_SURE_FAINT = 3.5
LINE_PEN_SHARE = 0.4
# On a sheet whose crosses' darkest ink is under 1.6 times the pen threshold (the pen barely
# shows: pencil in a dim photo), a cross may leave next to nothing: doubt from 1.2 in values
# (99 % of empty boxes on faint-pen sheets stay under 0.9-1.3). Simulated, such sheets had
# crosses and strokes read empty at 0.8-1.4 with confidence 0.4-0.6; those at 0.8-1.2 had
# their sheet's low contrast to make them doubts too (see the doubt on every empty element in
# judge). From 0.8, 4 of 300 ordinary photos had an empty box at 0.8-1.0 as their only doubt;
# from 1.2, none of 900 photos (seeds 0-299, three levels) had a misread more unflagged.
# In cells and exclamation marks, from 1.6. On 2 140 photos of 12 kinds (ordinary, hard, 12 MP,
# pencil, solo, ballpoint, sloppy; seeds never tuned on among them) the 25 boxes at 1.2-1.6
# whose only doubt was such a line were all empty; of the 50 crosses read empty at 1.2-1.6, 49
# had another doubt (the sheet's weak pen, specks) and 1 was read sure (its sheet's pen not
# weak); the lowest cross doubted for its line alone was at 2.2. At 1.2 such lines were the
# only doubt on 6 of 300 ordinary photos (seeds 300-599).
# 1.6, not 1.5 as before: of the 22 photos at 1.5-1.6 that the doubt on every empty element
# (below) would otherwise take in, on 2 500 photos of seven sets (seeds 0-149 of three levels,
# hard 150-599, fresh 10000-10299, pencil, ballpoint, --sloppy, solo pencil), 7 had a mark
# misread for sure, one of them a wrong total (solo pencil hard 1081), as had fresh pencil hard
# 20079 (at 1.52); of 14 at 1.6-1.7, 1 had. 6 photos of those sets read exact are flagged at
# 1.6 (hard seeds 18, 27 and 31 of the benchmark's 150 among them).
WEAK_PEN = 1.6
LINE_DOUBT_WEAK = 1.6
VALUE_LINE_DOUBT_WEAK = 1.2
# On such a sheet, every element read empty is a doubt (no pen seen is no evidence: its palest
# crosses may have faded into the photo's noise), unless the photo shows them: it is sharp, its blur
# sigma under 0.24 mm (under the width of a pencil line, 0.25-0.45 mm), and its contrast at least
# 2.6; or its contrast is at least 3 and at least 10 times its blur in mm (3 up to 0.3 mm, 3.5 at
# 0.35 mm). Simulated with no such doubt, on 3 000 photos (seeds 0-599: ordinary and hard, mixed
# pens and pencil; extreme mixed): of the 45 sheets of contrast 2.6-4 and blur 0.20-0.24 mm none had
# a misread unflagged (26 were exact); of the 111 of 0.24-0.33 mm, 6 had one (the sharpest: 0.25 mm
# at contrast 2.67, then 0.28 mm). Under contrast 2.6, sheets with one had blurs down to 0.15 mm
# (session 7, 1 800 photos). Session 26, on session 25's 1 900 photos of six sets (ordinary and
# hard; mixed pens, ballpoint, pencil): of the 127 sheets with the doubt, 22 had a misread that only
# it flagged, all of contrast 2.01-2.82. Of contrast 3 or more, on those, 500 extreme photos, 840 of
# seven kinds and 1 400 fresh ones (printers pale, dark and tinted; pencil; mixed), two sheets had
# one: a struck value that shows nothing at all, at contrast 3.04 and blur 0.38 mm (--printer pale
# hard 6040) and 3.13 and 0.338 mm (--printer dark hard 6152): 8.0 and 9.3 times the blur. Of the 26
# sheets the doubt alone kept from exact at contrast 3 or more, 25 had 10.07-16 times (blurs of
# 0.24-0.34 mm), one extreme photo 8.5. A stroke through a value is a single thin line, which a blur
# fades more than the middle of a cross that the contrast is measured on. That holds at any
# contrast: a contrast of GOOD_CONTRAST or more once counted as showing such a pen, whatever the
# blur, and on a 12-megapixel hard photo (fresh seed 70013: contrast 4.4, blur 0.44 mm) a pencil
# slash across a star left nothing, read empty, sure, a wrong total. Only that photo's verdicts
# changed when such contrasts stopped counting so, on 1 920 photos (--megapixels 12: ordinary
# 70000-70039, hard 70000-70139, --pen pencil and --pen ballpoint 71000-71059 both levels; tidy
# 0-149 at 1-2 MP; --pen pencil with --phone, --grey, --curl or --mono, 70000-70149 both levels).
WEAK_PEN_BLUR_MM = 0.24
WEAK_PEN_CONTRAST = 2.6
WEAK_PEN_CLEAR = 3.0
WEAK_PEN_CLEAR_PER_MM = 10.0
# ...or, however sharp and contrasted, when 5 or more boxes read empty are doubts (a faint line
# or specks in them: crosses the coverage may have missed): the photo shows this pen's crosses
# only just, and its palest may show nothing at all. Ordinary seed 953 (1.7 MP, pencil, pen
# level 0.99 of the pen threshold, contrast 3.16): 27 boxes so; three crosses, lines of z 0.7,
# 1.4 and 1.5 in them, were read empty for sure. On 2 650 photos of nine sets (ordinary seeds
# 0-1199, hard 0-599, extreme 0-149; pencil, ballpoint and --sloppy ordinary and hard; solo
# pencil hard) no other sheet not doubted whole already had more than 4 boxes so, but one whose
# pen is not weak (--sloppy hard 38: 5 boxes, its pen twice the threshold); no other verdict
# changed.
WEAK_PEN_EMPTY_DOUBTS = 5
# On a black-and-white pad, a pen is paler than the hatching when its darkest (the sheet's pen
# level) takes away less than 0.6 of the light the hatching's lines do; then, as when the pen
# level is unknown or the photo dull (contrast under WEAK_PEN_CONTRAST), every element read
# empty is a doubt. On 200 ordinary and 200 hard photos, the crosses missed for sure were all
# pencil, of pen level 0.105-0.148 (the hatching's lines: 0.29); the palest ballpoint was 0.10,
# the palest felt pen 0.19. Three pencil sheets of contrast 2.0-2.2 (300 hard photos) lost 19
# and 22 crosses, 2 exclamation marks and 3 struck values (the same photos of a colour pad
# measure 1.3-1.7 and are refused), and pencil's exclamation marks and struck values went
# missing on sheets of contrast 2.6-4.3: measured on the cells alone, a black-and-white pad's
# contrast is higher than a colour pad's for the same photo (2.61 against a refusal, 4.25
# against 2.15), so the weak-pen doubt, which reads contrast as a colour pad shows it, did not
# catch them. (Those contrasts are the cells' alone; judge now bounds it by the plain boxes'.)
HATCH_HIDES_PEN = 0.6
# On a faint-pen sheet, a box read empty whose 98th percentile of ink stands out from the
# other empty boxes' by a robust z of 2.2 is not sure: a grainy pencil cross over a star can
# leave only specks. From 3.0 it is read crossed (sure from 5.0: confident from 3.7), unless a
# corner mark is hidden. Simulated, 300 photos a level (seeds 0-299): on the faint-pen sheets
# with four corner marks seen, the empty boxes stayed at or under 2.33 (ordinary, 5 211
# boxes), 1.99 (hard, 5 412) and 1.74 (extreme); the 14 crosses read empty on ordinary photos
# had 3.2-8.2 (hard: half of 60 over 2.3). A thumb's shade lifted empty boxes to 7.1. (A dark
# pen's scribble spilling into a neighbour reached 28, hence faint-pen sheets only.) A plain
# cell's ink is weighed to its middle first, as its coverage is (FULL_WEIGHT), a star's cell's
# not: a pencil scribble overshooting into an empty neighbour read it crossed, sure, at 6.0
# (ordinary seed 1174); weighed, star cells lost their crosses' specks (5.3-6.4 fell to 3.6).
SPECKS_PERCENTILE = 98
SPECKS_DOUBT = 2.2
SPECKS_CROSSED = 3.0
SPECKS_SURE = 5.0
# A star's cell read crossed from specks whose darkest pixels (from the 98th percentile) lie
# 90 % or more within 2 mm of one edge is a doubt: a neighbour's overshoot (ordinary seed 3107,
# hard seed 1218: 1.0, read crossed, sure, at z 6.3 and 5.1). Session 19, the 15 sets: the true
# crosses so read had at most 0.87 (10 from 0.75). Two misreads to go by, and a thin margin.
# Nor is one whose middle (owner.middle_of) is paler at its darkest than SPECKS_MIDDLE of that
# percentile: overshoots from two sides leave it so (--sloppy ordinary 176 K6, 192, 206, 234
# D6: read crossed, sure, at 0.72, 0.47, 0.44, 0.22; one edge held 0.51-0.90 of their specks),
# while a cross through the star crosses its middle, on the star's white. Of the star cells
# read crossed from specks on --sloppy 0-249, --pen pencil 1000-1199 and tidy photos (ordinary
# 0-299, hard 0-149), 165 true crosses: one under 0.75 (0.68, a doubt already), then 0.79 and
# 0.87 (doubts), the sure ones from 0.97 (a pale slash, tidy ordinary 244 I6, whose darkest
# specks lie at its ends: none of them in the middle). 125 K6, empty, is at 0.95: still sure.
SPECKS_MIDDLE = 0.75
# A plain cell's, 0.5: lines crossing its corners from two neighbours read --sloppy ordinary 175
# J3 crossed at 0.57 (middle 0.13). Of the plain cells read crossed from specks on the sets
# above (tidy ordinary 0-299, hard 0-149, --sloppy both 0-249, --pen pencil both 1000-1149),
# the 69 true crosses had 0.62 at the least (--sloppy ordinary 130 M2; then 0.83), 7 of the 9
# false ones 0.12-0.37 (the others, 1.04 and 1.37, are neighbours' strokes through the middle).
# A thin margin: on fresh seeds (--sloppy 250-499) it caught no misread and doubted one true
# cross, ordinary 252 H5 at 0.38 (a slash drawn well off the middle, along a neighbour's).
SPECKS_MIDDLE_PLAIN = 0.5
# Nor is a star's cell whose darkest ink (SPECKS_PERCENTILE) beyond the star's points is 3 times
# darker, or paler, than on the star and within 1 mm round it: neighbours' strokes in its
# corners (--sloppy --pen pencil ordinary 40006 E2, 40051 D6, 41087 J2: read crossed, sure, at
# 3.2-5.3), or the star's print showing darker than the print expected (--sloppy --pen pencil
# ordinary 40004 C2, 41002 A3, D6, K6: 0.09-0.20). The star cells read crossed from specks,
# sure, on seeds 41000-41099 (--pen pencil with --sloppy, --finger or --phone, and --sloppy
# --curl; both levels): 138 true crosses at 0.36-1.77 (then 0.47); 2 of 6 misreads left (0.87,
# 1.11). On 40000-40099 it changed 3 verdicts, those misreads (--sloppy --pen pencil).
SPECKS_STAR_RATIO = 3.0
SPECKS_STAR_MM = 1.0
SPECKS_EDGE_MM = 2.0
SPECKS_EDGE_SHARE = 0.9
# So a box read crossed by its coverage whose pen (over the pixel threshold) lies 90 % or more
# within 2.5 mm of one edge: a scribble in cell E5 overshooting 2 mm into E6 read E6 crossed at
# 2.2 times the limit, sure, and nothing else was unsure (fresh seed 7015, ordinary and hard:
# a sure misread on a photo with no doubt, its total right only by chance; its share 1.0). Of
# the 45 654 true crosses read by coverage on the 724 photos read of 800 (ordinary and hard,
# seeds 0-149 and 7000-7099 mixed pens, 1000-1149 pencil), 6 had 0.9 or more (0.91-1.0), all
# on hard photos, under 2.5 times the limit, three of them doubts already.
PEN_EDGE_MM = 2.5
PEN_EDGE_SHARE = 0.9
# ... and so one whose pen lies all but nowhere (under 2 %) in its middle (the ellipse within
# a quarter of its size from its centre: 2 mm in a cell): a hand in a hurry overshoots into a
# corner, or into one cell from two sides (simulate's sloppy hand, benchmarks --sloppy, seeds
# 0-149 ordinary and 0-99 hard: 25 of the 51 empty boxes read crossed sure had so little), where
# none of the 28 476 true crosses read by coverage on 500 tidy photos (ordinary and hard 0-149,
# pencil ordinary and hard 1000-1099) that read sure became a doubt; within a fifth of the
# size, 28 and 3. Cells only: two crosses through exclamation marks were doubts on 60 phone-size
# photos (12 MP ordinary 5000-5059: a slash beside the glyph, a pale dot seen by its rim), and
# no neighbour's overshoot into one was seen.
PEN_MIDDLE = 0.25
PEN_MIDDLE_SHARE = 0.02
# ... and so an exclamation mark whose pen lies 60 % or more within 0.25 mm of its printed ring
# and glyph: the print's own outline, out of place or blurred past what is expected of it, as
# on a sheet that does not lie flat (--curl ordinary 20095: two empty marks read crossed, sure,
# from crescents along the top and bottom of their rings; 0.73 and 0.81). Of the 9 149 true
# crosses through exclamation marks read by coverage on 2 600 photos (seeds 0-149 of three
# levels, hard 150-599, fresh 10000-10299, pencil, ballpoint, --sloppy, solo pencil, --curl
# 0-99 and 20000-20099), none had more than 0.40; the 4 empty ones read crossed (all --curl) had
# 0.73-0.95. Not in cells: there a cross along a star's outline has as much (552 of 115 000
# true crosses 0.6 or more, up to 0.80).
PRINT_EDGE_MM = 0.25
PRINT_EDGE_SHARE = 0.6
# A cell read crossed whose pen through its middle belongs to marks with NEIGHBOURS_MARK times
# as much pen in a crossed neighbour is a doubt: a hurried neighbour's cross or scribble
# reaching through it (see owner.borrowed_pen). Strokes are followed over pen above FOLLOW_PEN
# of the threshold and across FOLLOW_ACROSS_MM of dark print. On --sloppy ordinary 0-149, of
# the 18 empty cells read crossed sure, 13 weighed 4.3-10.6 (the others: marks lying more in
# the cell than in their own box, or cut off); of 8 876 true crosses, 39 weighed 4 or more.
# Tidy ordinary and hard 0-149: none and one of 9 009 and 7 895 true crosses did (4.2), and a
# pale printer's slash touched by the tail of a scribble above weighed 4.6 (tests/test_read):
# hence 5, which leaves 10 of the 13 doubts. (Measured on the map at full resolution; at half
# (owner.OWNER_STEP), of the 141 empty cells read crossed, sure or not, 44 weigh 5 or more
# (41 before) and 13 of 9 532 true crosses (15); tidy ordinary and hard 0-149, the heaviest
# true cross weighs 3.2 and 3.4 (3.0 and 4.2).)
NEIGHBOURS_MARK = 5.0
# ...and NEIGHBOURS_MARK_SLIGHT times where the cell's pen through its middle is under
# SLIGHT_PEN of the typical (median) cross's on the sheet, of those its coverage reads crossed
# beyond doubt: a player's own cross puts about as much pen there as their others, a
# neighbour's stroke reaching in a fraction of it. On --sloppy ordinary and hard 0-249, of the
# 17 empty cells read crossed sure, 5 weighed 4-5 and were that slight (17 J7, 125 L5; hard
# 63 K5, 102 J5, 120 B7), and 9 true crosses became doubts, all sloppy (at 0.45 the same 5 and
# a few more true ones; at 0.35, 4). Tidy ordinary 0-299 and hard 0-149: verdicts unchanged;
# the pale printer's slash in tests/test_read (4.4) carries 0.61 of its sheet's typical pen.
# On fresh seeds (--sloppy 250-499): doubts of 6 empty cells read crossed sure, and of 5 true
# crosses.
NEIGHBOURS_MARK_SLIGHT = 4.0
SLIGHT_PEN = 0.4
# ...and, where it is that slight, whose marks have NEIGHBOURS_CHAIN times as much pen in all
# its neighbours together: a cell amid scribbled ones, whose overshoots run into one mark over
# the nine boxes, none holding more than 2.5-3.7 times the cell's share (--sloppy 0-249:
# ordinary 167 J3, hard 17 J7 and 167 J3, empty cells read crossed sure, weighed 10.1-17.9).
# Measured over every cell read crossed before the doubt (--sloppy ordinary and hard 0-249):
# it catches those 3 and doubts 4 true crosses read sure (on 4 sheets; at 8: 3 and 6, at 6:
# 4 and 6); tidy ordinary 0-299 and hard 0-149, pencil 1000-1149: no cell that slight weighs
# 4 or more. On fresh seeds (--sloppy 250-499): 5 caught (ordinary 340 M4, 459 I4, 474 I4;
# hard 459 I4, 474 I4), and 7 true crosses doubted.
NEIGHBOURS_CHAIN = 10.0
# A cell read crossed whose pen through its middle is that slight (SLIGHT_PEN), with 93 % or
# more of its pen (over half the pen threshold) in one half of it, is a doubt
# (judge._doubt_pen_to_one_side): the tail of a neighbour's stroke ending in it, read crossed
# by its coverage, its line or its specks. Measured on --sloppy 0-249 (both levels): 4 of the
# 8 empty cells read crossed sure have 0.94-1.0 and are caught (ordinary 17 M1, 125 K6, 150
# G7; hard 133 H1); of the true crosses read sure, 10 of 58 274 have 0.85 or more, 2 of them
# 0.93 or more (0.95, 0.97; --sloppy, tidy ordinary and hard 0-149, --pen pencil 1000-1099).
# At the pen threshold itself, not half of it, 129 true crosses had 0.85 or more. On fresh
# seeds (--sloppy 250-499): 8 of the 19 caught, 0.94-1.0 (ordinary 258 N7, 260 C2, 269 J3,
# 298 L2, 335 K4, 406 M1, 475 L6; hard 258 N7), no true cross doubted (one had 0.87).
ONE_SIDE_PEN = 0.5
ONE_SIDE_SHARE = 0.93
# A cell whose pen lies in one half of it (ONE_SIDE_SHARE), 95 % of it along one edge, little
# of it through its middle, read crossed (a doubt) or empty but unsure by that pen, is judged
# on its own pen alone when 90 % of that pen or more belongs to marks that hold twice as much
# pen or more in one neighbour read crossed (judge._judge_own_pen, owner.foreign_pen): the
# tail of the neighbour's cross. Measured on --sloppy ordinary and hard 0-249 (verdicts.py):
# of the cells so placed, 199 empty ones had such pen 2-10+ times as much in the neighbour,
# no true cross did; 4 true crosses had all their pen in one half without it along an edge,
# two of them touching a neighbour's cross (2.3, 2.8 times): hence the edge too. Empty cells
# read unsure so, 113 with 90 % foreign pen; the one true cross among them (--sloppy
# ordinary 12 N3, a slash missing the middle) had 87 % along an edge: hence 95 %, not 90.
# A value read empty but unsure for pen round it in LENT_AROUND of its sectors or fewer is
# judged again without the pen of marks lying more about a neighbour read circled or struck
# than about it and twice as much about the others (owner.lent_to_values). With no limit on
# its sectors, a partial circle of its own merged with the neighbour's (9 of 16 sectors) was
# read empty, sure (--sloppy ordinary 410 C:first); of the values so judged again, 289 of 396
# empty ones had 4 sectors, and 1 of 22 circled or struck ones.
# A cell read crossed from its specks alone (a faint pen, see SPECKS_CROSSED) is a doubt when
# TAIL_SHARE or more of its pen over the threshold belongs to neighbours' marks that hold twice
# as much in one of them: a hurried neighbour's stroke across its corner leaves specks too, and
# a faint cross of its own shows little over the threshold. --sloppy ordinary 44024 D6 and
# 44085 I6, --sloppy --pen pencil ordinary 44036 O6: empty stars read crossed, sure (shares
# 0.94-1.0; wrong totals). Measured on 44000-44149, ordinary and hard: --sloppy, 1 true cross
# read from specks, sure, of 12 doubted; --sloppy --pen pencil, 9 of 82 (the verdicts: 15 true
# crosses made doubts, one photo read exact flagged); --pen pencil 0 of 48; tidy 0-149 0 of 9.
# 0.85, not 0.9 as then: --sloppy ordinary 65022 H1, an empty star read crossed (0.76) from
# specks of which 0.88 lay on neighbours' strokes (the rest a speck of its own), a wrong total.
# On 1 800 photos (ordinary and hard: --sloppy 63000-63149 and 65000-65149; --sloppy --pen
# pencil 44000-44149 and 66000-66149; --pen pencil 63000-63149; tidy 0-149) nothing else
# changed but one true cross read sure made a doubt, on a photo flagged already (--sloppy
# ordinary 65023 D6), and one already in doubt.
NEIGHBOURS_TAIL = 2.0
TAIL_SHARE = 0.85
TAIL_EDGE_SHARE = 0.95
LENT_AROUND = 0.25
FOLLOW_PEN = 0.5
FOLLOW_ACROSS_MM = 1.0
# A box read crossed from lines or specks alone (its coverage under the limit) on a faint-pen
# sheet whose crosses' darkest ink is 2.2 times the pen threshold or more is not sure: such a
# pen shows in the coverage of a cross. Simulated (hard photos: 300 mixed, 200 ballpoint;
# ordinary: 300 mixed), of 150 such crosses the 147 real ones were on sheets of 1.3 (median)
# to 2.4 times (99 % under 2.27), pencil mostly; the 3 false ones, on ballpoint sheets, 2.28,
# 2.42 and 2.71 (a star's white inside photographed darker than the print expects left arms
# of z 3.2: read crossed at 0.65, a wrong total, hard ballpoint seed 154).
PEN_SHOWS = 2.2
# A box read crossed by coverage under 4 times the limit whose darkest ink (99th percentile)
# is under 0.6 of the sheet's pen is a doubt. Session 18, 15 sets of simulated photos (2 600):
# the sure misreads it catches, 0.56-0.59 (noise blotches on photos of 1.5-1.8 px per mm at the
# sheet's far side: hard seeds 1022, 1090, phone-processed hard 84); of 3 816 true crosses under
# 4 times the limit, the palest 0.61 (0.63 on ordinary photos). Under a reflection
# they go down to 0.31, doubts already but for one sure photo (hard seed 64 with --glare:
# 0.51-0.54). Wider coverage is no blotch: true crosses at 0.51-0.6 covered 8-15 times the limit.
# Near a hidden corner mark the limit holds at any coverage: a thumb's shadow lying across a
# box as a soft band narrower than LIGHT_EDGE_MM is closed over by the light like a pen stroke
# and read as one (12-megapixel hard seed 5069: cell A2, 6 times the limit, sure, at 0.50; that
# band was the simulator's, its thumb's shadow rolled round to the far side of where it was
# drawn, since fixed, but a real thumb's shadow can lie so too). Of
# the 111 boxes read crossed near a hidden corner mark on 47 photos (hard seeds 0-149,
# 1000-1149, 3000-3149, ordinary 0-299, 12-megapixel hard 5000-5159), the 107 true crosses were
# 0.81 as dark as the pen or darker; the other 4 were 5069's and three doubts already.
PALE_CROSS = 0.6
PALE_COVER = 4.0
# Pen can show where the expected print is lighter than half of white. A star still hides a
# quarter of its cell (visible 73-75 %; plain cells 97 %, exclamation marks 81 %), and
# simulated faint pencil crosses through stars were missed with confidence up to 0.9 on sheets
# of contrast 2.4-3.7: on a faint-pen sheet of less than GOOD_CONTRAST, a box less than 78 %
# visible read empty is not sure.
SEEN_PRINT = 0.5
HIDDEN_VISIBLE = 0.78
# ... when a little more ink shows in it than in the empty boxes: specks from z 1.5 or a line
# from 1.0 (see SPECKS_PERCENTILE, LINE_DOUBT). Simulated, 900 photos (seeds 0-299, three
# levels): the empty stars on faint-pen sheets had specks up to 1.83 (99 % under 1.24); of the
# crosses through stars read empty, those on sheets without the weak-pen doubt had 1.75 and
# more (one at 1.75 with a line of 1.3: the closest call). Every empty star of such a sheet
# was a doubt before: the only doubt on 4 ordinary and 13 hard photos of 300.
STAR_SPECKS_DOUBT = 1.5
STAR_LINE_DOUBT = 1.0
# On any sheet, a star's cell read empty with a line of z 1.5 or more is a doubt: the star
# hides the middle of its cell, where a slash's line is longest, so an empty star's line stands
# out less than a plain cell's (of 13 752 empty stars on 1 967 photos read in session 24,
# ordinary and hard seeds 0-299, ballpoint 0-199, pencil 1000-1149 and 9000-9149, fresh
# 9300-9599 (hard 9300-9449) and grey 7000-7099: 99.9 % under 1.0, the highest 1.6; read
# sure, 13 at 1.0 or more, 6 at 1.2, none at 1.5; plain cells: 99.9 % under 1.8). Fresh hard
# seed 9432: a slash through E2's star read empty, sure, at 1.8 (a wrong total but for another
# doubt on the photo). From 1.5 no exact photo of those became unsure; from 1.2, 5; from 1.0,
# 9.
STAR_LINE_DOUBT_ANY = 1.5
# A star's cell read empty for sure is a doubt when it holds marks of its own (owner.own_marks:
# pen of marks lying more in it than in any one neighbour) of 0.15 of a typical cross's pen or
# more, 0.25 mm² of it twice as dark as the pen threshold or more: a short slash along the
# star's outline shows only in pieces beside it, each under MIN_STROKE_MM2 and with the outline
# hiding the middle of its line (fresh ordinary 43022 C2 and 43072 D6: marks of 0.32 and 0.25,
# 1.14 and 0.53 mm² so dark; read empty, sure: wrong totals). Of the empty stars read empty for
# sure (ordinary 43000-43199; hard 0-149; --sloppy and --pen pencil 44000-44149, ordinary and
# hard: 6 298), 8 held marks of 0.15 or more (0.18-0.27), the grainy noise of a blurred photo
# (hard 89, three stars) or pencil, none of them with more than 0.0625 mm² so dark.
STAR_OWN_MARK = 0.15
STAR_OWN_DARK = 2.0
STAR_OWN_DARK_MM2 = 0.25
# Confidence 1 when the coverage is 3× away from the limit; below CONFIDENT it is "uncertain".
SURE_RATIO = 3.0
CONFIDENT = 0.35
# A sheet with fewer than 6 boxes read crossed has every empty element a doubt: a finished
# game leaves more (each turn crosses a few, from column H on; the simulated finished sheets:
# 25 and more), and on an extreme photo of a pencil sheet (seed 374) every cross vanished: it
# read as a blank sheet, sure.
MIN_CROSSES = 6

# A reflection (a lamp, a window) washes out the print: where the photo shows print whose
# palest channel is 200 or darker (Encore!'s fills 133-176, a toner saver's up to 191; the
# lines and glyphs) at 235 or more in every channel, over at least 2 mm², it cannot see the
# pen. On the fills any such pixel counts; on lines and glyphs only one near white for 1 mm all
# round (a line's edge a little out of place is white paper). Over the exclamation marks and
# values no fill shows a reflection: counted on fills alone, their crosses and circles were
# lost or made up, sure (--glare: wrong-unflagged ordinary 10 and hard 5 of 150, against 3
# and 1 with the glyphs). Simulated photos without a reflection never showed such print so
# light (benchmarks/verdicts.py: 300 ordinary, 150 hard, 100 + 100 each of pale, dark and
# black-and-white pads: every verdict unchanged; a limit of 220 on fills touched 16 of 60
# ordinary photos).
WASHED_PRINT = 200
WASHED_LEVEL = 235
WASHED_MIN_MM2 = 2.0
WASHED_AROUND_MM = 1.0
# Around such a spot the reflection fades but still lifts the print. The printer's tone is
# not measured within 50 mm of it (--glare ordinary seeds 10 and 58: grey 228 measured 241-247,
# every value then read struck or circled, sure), and nothing within 35 mm is read sure: with
# the tone measured away from the lift, stars and values 15-35 mm off read as pen (--glare
# ordinary, 150 photos, sure misreads on 6 photos with 15 mm, 4 with 25, 3 with 35 or 50;
# every photo with a spot is flagged anyway, and 35 mm leaves a third of the elements to
# check on it against a half with 50). No pixel clipped in every channel measures the tone
# either: a reflection clipping the value boxes' grey made it white (seed 0).
TONE_GLARE_MM = 50.0
GLARE_REACH_MM = 35.0
# A finger holding the sheet down (see cover.py): the light field's colour, each channel over
# their mean at 2 px per mm, off the sheet's median by more than 0.15, where its least channel
# is under 0.9 of the sheet's median, in blobs of 20 mm² or more within 2 mm of the sheet's
# edge. Simulated, the biggest blob off by 0.15 per photo, at the edge or not: none on 100
# ordinary photos, 45 phone-processed, 50 curled, 40 from a pale printer; at most 22 mm² on 60
# hard photos with no thumb; under a finger at a side (benchmarks' --finger, ordinary seeds
# 0-29) 51-414 mm², all at the edge; of 150 such photos, two had 27.5 and 29.8 mm², and
# misreads beside them. Dense dots of a coloured felt pen tint the light too (63-470 mm² on
# three black-and-white pads and a solo roll counter), away from the edge. Elements within 15 mm
# of a finger are not sure: the misreads beside one lay 5-12 mm from it (the light's 8 mm
# tiles took its darkness in).
COVER_PX_PER_MM = 2.0
COVER_COLOUR = 0.15
COVER_DARKER = 0.9
COVER_MIN_MM2 = 20.0
COVER_EDGE_MM = 2.0
COVER_REACH_MM = 15.0
# In a photo in shades of grey (a scanner app's filter) the colour tells nothing, and the light
# under a finger reads as a shadow's: crosses read empty and the finger's edge crossed, sure, on
# 19 of 60 ordinary photos with a finger (--grey --finger, seeds 6000-6059). A finger is narrow
# and a hand's or a phone's shadow broad and soft: the light darker than 0.85 of itself blurred
# by 15 mm (a sigma), in blobs at the edge as above, took in the misreads of 34 of the 36
# photos (ordinary and hard) that had any, with blurs of 10, 15 and 20 mm and limits of 0.8,
# 0.85 and 0.9 weighed (10 mm or 0.8: 32; 0.88 or 0.9: 35, but blobs on 8-13 of 100 grey
# photos with neither finger nor thumb, against 5). On such photos it finds the dark side of a
# deep shadow's steeper edge: read, grey photos without a finger lost their exactness to it on
# hard ones only (seeds 6000-6059: 37 exact -> 35; 7000-7099: 51 -> 47; ordinary: none of 160).
# Only in grey: on colour photos the colour finds every finger the simulator draws, and this
# would add such finds (on 3 of 100 colour photos with neither finger nor thumb, all hard).
COVER_LOCAL_MM = 15.0
COVER_LOCAL = 0.85
# A die lying on the sheet, dark (blue, black) and wider than the light's tiles, is taken in by
# the light field as a deep shadow, and its edges read as pen (fresh --lying die 30000-30099,
# ordinary and hard: a sure misread on 6 of 200 photos; from a pale printer, on 10). The light
# there is under 0.5 of the typical, while a shadow that deep is cast from beyond the sheet,
# over its edge (a hand, the phone): so, the light under COVER_DEEP, COVER_MIN_MM2 or more of
# it, where the light round it under COVER_DEEP_AROUND does not reach the sheet's edge. That
# held 5 of those 6 misreads and 6 of those 10, and nothing on the 292 photos of seeds 0-149
# read (ordinary and hard). Without the light round it (the deep light alone, within the
# sheet), 5 of those 292 had some: the cores of shadows cast over the edge (under 0.6 round
# them: 2; under 0.7: none). Pen that fills boxes side by side darkens the light as much (big
# felt dots in a hurry: --sloppy --curl 30025 and 30069, read right), and nothing in the light
# tells it from a die (the blobs' shape and depth alike): the players hear of both.
COVER_DEEP = 0.5
COVER_DEEP_AROUND = 0.8
# A dark finger of nearly the light's own colour (--finger hard 20093: 0.05-0.1 off it, and its
# edges texture enough at 2.6 px per mm to pass for print) is taken in by the light field only
# in part, and cells under it read crossed, sure. The photo there is darker than the print in
# that light: under 0.5 of it in the least channel, at COVER_PX_PER_MM, in blobs solid over
# 3 mm (a pen's strokes are not) of COVER_MIN_MM2 or more at the sheet's edge, within
# COVER_REACH_MM of them. At the edge only: a felt pen's dots and scribbles are as dark and
# solid within the sheet (36 of 142 hard photos, seeds 0-149, had such blobs of 20-89 mm²).
# Print darker than 60 (lines, glyphs, the corner marks) cannot tell: it joins a blob, adding
# no area; nor does what lies within 5 mm of solid dark print, as a corner mark shows that far
# off where the sheet curls up (--sloppy --curl 30000-30099: counted, 4 photos read exact
# were flagged for it; left out within 3 mm, 1; within 5 mm, none). A shadow, however deep,
# is in the light field, so not dark here: at the edge, on hard seeds 0-149, such blobs were
# thumbs over a corner mark (9 photos) and nothing else.
DARK_OVER = 0.5
DARK_OVER_SOLID_MM = 3.0
DARK_OVER_PRINT = 60
DARK_OVER_SHIFT_MM = 5.0
# Whatever lies over the sheet hides its print (cover.print_hidden), where pen only adds lines:
# a pen or a die left on it, whatever its colour (a white one too), is too narrow, too small or
# too bright for the light field to follow but in part, and its edges and shading read as
# crosses, circles and strokes, sure: before this, 35 of 60 ordinary photos with a pen on the
# sheet and 33 of 60 hard ones had a wrong total with nothing flagged, 13 and 11 with a die
# (benchmarks/score.py --sheets 60 --levels ordinary,hard --lying pen|die). The photo's
# gradient energy over 4 mm at 2 px per mm, the light divided out, over the blank's: on 120
# ordinary photos (mixed pens; felt) no pixel under 0.2 of the sheet's typical share where the
# blank has 0.1 of its typical energy; on 60 hard ones blobs of 75-240 mm² at the corners, each
# a thumb, and nothing else; under a pen 0.001-0.05 (a die: up to 0.07). Blur takes energy
# away as its square, unevenly over a tilted sheet: with 0.02 of the blank's energy and 0.2 of
# the share, hard photos with neither thumb nor object had blobs (6 of 41), none with 0.1 and
# 0.1. Where the print lies a little out of place (a curled sheet laid flat: the name line, the
# score boxes) its energy leaves a sliver of the window: on 40 curled photos blobs on 26 with
# the blank's own energy, on 3 with its least within 1 mm, which is what is weighed, and on
# none weighed only in or at the elements' boxes (within half the window). A
# reflection dims the print (a faint one to 0.06-0.09 of its lines, --glare, ordinary seeds 24,
# 51, 54) and adds light (1.2-1.5 of the typical), and one that washes nothing out has no
# glare.near reach to leave it out: a blob under light 1.15 times the typical or more, on
# average, is no object (so, of 100 --glare ordinary photos, one exact photo flagged with a
# note of something lying over it: none now). Objects' blobs lie under 0.6-1.06 of the typical
# light on ordinary photos, 0.9 (median) on hard ones, one of 61 at 1.32 (a die, hard seed 34,
# under the lamp's brightest light: the pen there, 1.21-1.32, is now missed, and four marks
# under it misread unflagged, a cell and three colour bonuses, the total right). Once one is
# found, the rest of it is looked for more keenly (0.2 of the share, where the blank has 0.02
# of its energy: the pale second row of values, the roll boxes), and elements within 15 mm of
# it are doubted as a finger's neighbours are. Measured with benchmarks/verdicts.py, against
# the reader before: no verdict changed on ordinary and hard seeds 0-299, fresh ordinary
# 9300-9599, pencil 1000-1149, --grey 6000-6099, --mono, --curl, --phone, --written, extreme
# (100 each); with --finger 31 more doubts, all on flagged photos; with --glare one. With a pen
# on the sheet, wrong totals unflagged 0 of 60 ordinary and 0 of 60 hard, with a die 0 and 0;
# marks misread unflagged that leave the total right remain on 2 and 5 of 60 (pen), 3 and 7
# (die: one lying on the paper beside the values, where no print is hidden but its edge reads
# as a circle or a stroke through one), with COVER_REJUDGE below.
PRINT_HIDDEN_WINDOW_MM = 4.0
PRINT_HIDDEN_SHIFT_MM = 1.0
PRINT_HIDDEN_SHARE = 0.1
PRINT_HIDDEN_LINES = 0.1
PRINT_HIDDEN_MORE = 0.2
PRINT_HIDDEN_VEIL = 1.15
PRINT_HIDDEN_PALE = 0.02
PRINT_HIDDEN_MIN_MM2 = 4.0
# What lies over the sheet sets the sheet's limits too: a pen's dark edges lift the pen
# threshold, and a faint pen's crosses far from it then read empty, sure (30 on pen ordinary
# seed 374). So, once something is found over the sheet, the elements away from it are judged
# again without those under it and beside it, when they are half the elements or more. On
# --lying pen seeds 300-449 (none measured on before): wrong totals unflagged 2 -> 0 of 150
# ordinary, 4 -> 2 of 150 hard (5 more hard photos refused: the pen's own contrast no longer
# lifts the sheet's); --lying die: 1 -> 0, 2 -> 1. With --finger (ordinary 0-99): 212
# verdicts changed, 33 less sure, none misread sure. On the photos with nothing over them no
# photo's outcome moved: ordinary and hard 0-299 158 verdicts on two flagged hard photos (by
# 0.01), --grey 6000-6099 79 (all surer), pencil 1000-1149 and fresh 9300-9599 none.
COVER_REJUDGE = 0.5
CLIPPED = 250
# A reflection too faint to wash anything out still adds light that never went through the
# print: it lifts a cell's fill more, in proportion, than white paper, so the light measured on
# the fill is too bright for the white star in it, which then reads as faint pen all over
# (--glare ordinary seeds 29, 51: an empty star read crossed, sure). Pen leaves strokes; a veil
# darkens the star evenly. A star read crossed is a doubt where its paper (0.25 mm in from its
# outline), at its 95th percentile, shows at 0.6-0.93 of its fill's 90th percentile against the
# printed ratio, and its 5th percentile at over 0.95 of its 95th. benchmarks/verdicts.py
# records both (star_dark, star_even) on every star read crossed: without a reflection
# (seeds 0-149 ordinary and hard, 0-99 of each from pale and dark printers: 4 689 stars), the
# crossed stars in that band of darkening are at most 0.925 even (pale printer; exact 0.916,
# dark 0.912); the evenest crossed stars are either not darkened (pen beside the star's paper)
# or filled with felt pen (0.30-0.43). With one (--glare, 150 ordinary), all 70 empty stars read
# crossed are in it (0.72-0.92, 0.955-1.00 even), and 15 of the 1 059 crossed ones too (under the
# veil their pen shows as even).
# A reflection too faint to wash the print out can still pale a pen under it to nothing
# (--glare hard 20068, fresh: a cross through star L1 read empty, sure, a wrong total): where
# the light measured is 1.5 times the sheet's typical or more, what reads empty within 5 mm is
# a doubt. Within 5 mm of the boxes of 1 150 photos without a reflection (seeds 0-149 of three
# levels, fresh 20000-20149 ordinary and hard, --phone and --printer pale 20000-20099 ordinary
# and hard) such light reached 1.34 at most; around that star it reached 1.60. Such light
# once had to be of another colour too (by 0.15), as over a fill, whose dark channels a
# reflection lifts more than its pale ones; over white paper it is the paper's own colour, and
# crossed exclamation marks under a reflection read empty, sure (--glare hard 46 joker:3, the
# light within 5 mm of it at 1.51 times the typical; --written --glare hard 70130 joker:2, at
# 1.92: wrong totals). Of any colour, on 600 --glare photos (0-149 and, with --written,
# 70000-70149; ordinary and hard) it caught both and flagged 12 hard photos read exact (of
# 54; ordinary ones unchanged); on 100 at 12 MP (--megapixels 12 --glare 72000-72049) only
# photos flagged already changed.
# Without a reflection (seeds 0-149; --pen pencil --phone and --pen ballpoint --printer tinted
# 70000-70149; ordinary and hard) only one photo changed, flagged already (tinted hard 70116:
# 22 more empty boxes in doubt).
VEIL_LIGHT = 1.5
VEIL_REACH_MM = 5.0
VEIL_STAR_INSET_MM = 0.25
VEIL_STAR_DARKER = (0.6, 0.93)
VEIL_STAR_EVEN = 0.95
# A reflection fainter still, neither brighter than a lamp lights a sheet nor of another colour
# enough, still pales the print under it, and a pen's stroke as much (see glare.paled_print).
# An element read empty for sure is a doubt where its print shows under PALED of the usual and
# the pen, paled as much, under PALED_PEN times the threshold. The misses found (fresh seeds;
# print paled to, pen level as paled, in thresholds): --glare ordinary 47036 and 47056, a
# faint pencil slash through an exclamation mark (0.57, 0.70; 0.73, 1.17); --glare --pen
# pencil ordinary 49037 joker:2 (0.75, 1.24); --glare --printer tinted hard 49085 F5 (0.75,
# 1.24). Each read empty, sure, a wrong total flagged by nothing (but 49085's). The hard
# benchmark's photos read exact, the least paled pens under 0.8: 1.53-1.55 (seeds 24, 29, 78;
# the weak pen's 1.6 flagged those three). A marked element's own fit takes its pen in (a
# circle pulled a value's to 0.17): a star read crossed, or a value read marked with pen paler
# than the crosses, is a doubt where the median of its empty neighbours' within PALED_REACH_MM
# is under PALED: a veil darkens a white star against its fill as pen does, and lifts a value's
# grey box more than the paper round it, in a ring (--glare --pen pencil ordinary 49013, 49028,
# 49038: five values read circled, sure, their empty neighbours' print at 0.41-0.78; --glare
# hard 47097 M7, a star read crossed, 0.39). Of the marks read right, sure, that so would be
# doubts: none on 200 tidy ordinary photos (45000-45199) or among the stars of 150 hard ones
# (0-149), one value there (hard 135, its pen 1.34 times as dark as the crosses: kept); 4-23 on
# 150-200 --glare photos. PRINT_FIT_PEN: what lies darker than the first fit of the photo to
# the print by 0.1 of the paper's level is a pen's stroke, left out of the second (a
# neighbour's circle reaching into a value's box). PRINT_FIT_SD: a print whose grey spreads
# less than this (0 black … 1 paper; standard deviation) is not fitted: the paler values'
# boxes (0.05) gave slopes of noise, 0.1-1.4 of their row's, on tidy ordinary photos; the other
# elements' spread 0.11 to 0.22.
PALED = 0.8
# A veil fades out at its edge, over an element or two: within PALED_REACH_MM of an element read
# empty whose print is paled under PALED (its own fit), one read empty is a doubt from
# PALED_EDGE (the pen condition as above). --glare hard 63098 (fresh): a faint pencil cross in
# K3 read empty, sure, a wrong total; its print paled to 0.82, K4 beside it to 0.62 (the pen,
# as paled there, 1.39 thresholds). On 1 800 photos (seeds 0-149, fresh 63000-63149 mixed,
# --glare and --printer pale, --glare 47000-47149, --glare --pen pencil 64000-64149; ordinary
# and hard) that was the only wrong total it changed, and one more photo's misread that left
# the total right became a doubt; no photo read exact was flagged, 39 empty elements became
# doubts in photos flagged already. 0.85 everywhere instead flagged 2 of the 150 tidy ordinary
# benchmark photos (73, 104: nothing pales their print under 0.8) and 3 --glare --pen pencil
# ones read exact.
PALED_EDGE = 0.85
PALED_PEN = 1.4
PALED_REACH_MM = 12.0
PRINT_FIT_PEN = 0.1
PRINT_FIT_SD = 0.08

# Values (column values, colour bonuses), in half-sizes of the box from its centre: pen up to
# 1.45 counts (a circle may be drawn wide). "Marked" when ≥ 1.5 % of that is pen; a clear "no"
# below 0.4 %.
RING_OUTER = 1.45
VALUE_MARKED = 0.015
VALUE_EMPTY = 0.004
# ... and that pen must be as dark as the sheet's crosses: its 90th percentile at least 60 % of
# the crossed boxes' typical 95th percentile; a clear "no" at 35 % (noise, texture; simulated
# pen: ≥ 67 %).
# One thin ballpoint stroke on the grey tile under a lamp measured 0.33-0.6 (paler than the
# middle of an X) and is read empty then, with no confidence (a doubt). 0.45 / 0.25 read those,
# but also read the noise of values in a deep shadow as circles (0.39-0.4) with confidence
# 0.4-0.5.
DARK_AS_PEN = 0.6
PALER_THAN_PEN = 0.35
# ... unless it covers 5 % of the value and round it or more (as a box's coverage far over its
# limit needs no darkness, PALE_COVER): noise leaves less, and a thin line keeps less of its
# darkness through a blur than a cross's middle does (simulated circles on hard photos:
# 0.38-0.6 as dark). The other checks on a circle (its neighbours' noise, what the row shows)
# still hold. Session 25, the 2 400 photos of VALUE_LINE_SURE_BARE: the values with pen round
# them in a circle's shape (AROUND_CIRCLED) that were not circled had at most 2.7 %; every
# value with 5 % or more, under 0.6 as dark, was circled (95) or struck (41). 38 circles and
# strokes went from unsure or misread to sure, 2 circles from sure to a doubt (their
# neighbours' noise), none wrong. A finger's skin or a reflection's edge can leave as much: on
# the seven kinds of session 24's note (840 photos), 7 empty values under one went less sure or
# read circled, all doubts already (the finger's, the reflection's).
VALUE_ABUNDANT = 0.05
# A circle too faint for the pen threshold: the mean ink along rings 0.1 half-sizes wide from
# 0.9 to 1.4 half-sizes, taken as it is in its paler sectors, compared among the values read
# empty (robust z) like a line: a doubt from the sheet's line doubt on.
RING_RADII = (0.9, 1.0, 1.1, 1.2, 1.3, 1.4)
RING_BAND = 0.1
# ... and a ring that follows a circle round, taken in each sector at its darkest radius from
# 0.8 to 1.4 (a circle drawn flat, or off the value's middle, keeps to no one radius: a faint
# pencil circle round a bonus read empty with a ring of z 0.3 had 9.1 so). It reads an empty
# value circled as the ring above does, from z 4.5, sure from 5.9 (all from 8.5): its noise
# reaches further. From z 3.0 it makes a value read empty a doubt, and one read struck whose
# pen is not wholly a stroke's shape (across under ACROSS_STRUCK): a flat circle's side runs
# across its value too (a pencil circle read struck, sure at 0.53, had 7.5). Session 27, the
# eight sets of 2 400 photos (ordinary and hard 0-299, fresh ordinary 9300-9599, pencil
# 9000-9149 and 1000-1149, ballpoint 0-199, fresh hard 9300-9449, extreme 0-299 and
# ballpoint 0-199): the 67 391 empty values read empty reached 1.5 (99.9 %), 3.7 at most (one
# a doubt already); the 11 180 strokes read struck, 2.3 (99.9 %), and the 4 of 3.0-3.9 had
# 0.64-0.89 across; the 11 circles read struck, 3.7-8.8 but one (all doubts now; two sure
# before, one of them a wrong total). 20 circles went from read empty or unsure to circled
# (11 of them sure); no other verdict changed. On 800 fresh photos (fresh.sh's: pale printer,
# hard, pencil, dark printer), 11 circles so, and a grainy dark photo's empty values reached
# 3.1-4.1 (hard 9610; doubts now, the photo flagged already); on 840 of seven kinds, no photo
# changed its category (two empty values under a finger's skin read circled, doubts).
ROUND_RADII = (0.8,) + RING_RADII
ROUND_CIRCLED = 4.5
ROUND_SURE = 8.5
ROUND_DOUBT = 3.0
# ... and a value read struck whose ring stands out so (z ≥ 2.5) is not sure: a blurred
# pencil circle, broken at two sides, read struck at 0.55 with z 4.3, while 1 871 strokes
# through (simulated, all levels) had z under 1.8 (99 % under 1.0). Nor is one whose line
# evidence (as for the empty ones) stays under 2.2: of 3 910 strokes through read struck (900
# photos, seeds 0-299), 22 had under 3.0 and 2 under 2.2 (lowest 1.9); noise lined up on a
# grainy photo has none, and the edges of values' grey boxes misplaced on a small ballpoint
# sheet (2.4 px per mm, one corner mark not found; hard seed 130 of a ballpoint run) read
# struck at 0.5-0.6 with 1.8-1.9. Only with at least 3 values read empty to compare with.
# Where the pen's shape and the line agree on a stroke (STROKE_AROUND), a ring under 2.5 does
# not stop them either: strokes through had rings up to 1.8 (above; 2.4 here). Session 25,
# 2 400 photos (see VALUE_LINE_SURE_BARE) and 840 of seven kinds: the 113 values with that
# shape, a line of 2.7 or more and a ring of 1.0-2.5 were all struck; 2 read empty now read
# struck (one sure, one a doubt by a reflection), 2 more grew surer, none went wrong.
RING_STRUCK = 2.5
LINE_STRUCK = 2.2
VALUES_COMPARED = 3
# Unless a thumb may shade it (within HIDDEN_CORNER_MM of a hidden corner mark), a value whose
# line stands out by z 3.0 or more with no ring round it (z under 1.0) is struck, sure from
# 6.0 (confident from 4.05), however pale or little its pen, even when too little passes the
# pen threshold to read it struck at all (a light ballpoint stroke with z 14-19 had read
# struck at 0.02-0.29). Simulated, 300 photos a
# level: on faint-pen sheets the empty values stayed at or under 1.4 (ordinary, 3 348), 2.0
# (hard, 2 575, but one of 3.7) and 2.1 (extreme); the pencil strokes read empty had 2.8-5.8
# (ordinary) with rings under 0.7; those read struck but unsure had 2.7-9.3. Circles read
# empty had lines up to 2.6. A thumb's shade made lines of 5.8-9.2 in empty values. With four
# corner marks seen, no empty value read empty reached 3.0 with a ring under 1.0 (hard and
# extreme photos: 600 mixed, 200 and 600 ballpoint; two read struck did, at 3.4 and 3.7, and
# stay doubts), while 12 light ballpoint strokes of 300 mixed hard photos (and 10 of 200
# ballpoint ones) read empty at 3.0-12.9.
# With no pen at all seen round the value (none of its sectors holds SECTOR_HIT_MM2), such a line
# is sure from 4.0 (confident from 3.35): no circle, neighbour's circle or blob of noise is
# there for it to be part of. Not where something may lie over the sheet (a corner mark
# hidden), nor on a black-and-white pad or a sheet laid flat (judge's `faint_unsure`). Session
# 25, 2 400 simulated photos (session 24's six sets; extreme seeds 0-299, and 0-199
# ballpoint): with four corner marks seen, the 58 130 empty values so had lines 99.9 % under
# 1.4 and at most 2.5 (with one hidden, up to 3.4: extreme ballpoint seed 9); 27 struck
# values so rose in confidence, 11 of them from unsure to sure (lines 3.5-4.3), none wrong.
VALUE_LINE_STRUCK = 3.0
VALUE_LINE_SURE = 6.0
VALUE_LINE_SURE_BARE = 4.0
# A value read struck, its pen not in a stroke's shape, is a doubt when its darkest 5 mm line
# whose centre lies within 1.5 mm of the value's is dark at one end only: its palest half under
# 0.1 of its mean (judge._doubt_one_sided_strokes). Struck values read sure, whatever the shape
# of their pen (simulated, about 4 000: ordinary 0-299, hard 0-149, --sloppy ordinary and hard
# 0-249, pencil ordinary and hard 1000-1149), had 0.17 at the least (a colour bonus's long
# box), 0.34 at the 1st percentile; the empty values read struck sure there, a neighbour's
# circle brushing the box's edge (--sloppy ordinary 88 D, 135 H), 0.02-0.03. (An overshoot
# that ends on the digit, ordinary 236 B, had 0.37: the digit could hide its other side.)
STRIKE_CENTRE_MM = 1.5
STRIKE_BALANCE = 0.1
# A value read struck by its line is a doubt where it is marked in pen (VALUE_MARKED) but none
# of that lies across it (under 0.05, see judge._across): the line is then a neighbour's stroke
# reaching in over its edge, a cross's above or an exclamation mark's below (simulate's sloppy
# hand, benchmarks --sloppy, ordinary seeds 0-149 and hard 0-99: 12 of the 15 empty values
# read struck sure had so, none of the 1 248 struck values read sure; on 500 tidy photos,
# ordinary and hard 0-149 and pencil 1000-1099, 1 of the 2 339 struck values read sure had).
ACROSS_NONE = 0.05
VALUE_RING_CLEAR = 1.0
# Likewise a ring: unless a thumb may shade it, a value read empty whose ring stands out by z
# 4.0 or more (more than its line) is circled, sure from 5.4 (all from 8.0). On 3 800
# simulated photos (every level and pen; some seeds read twice, by an earlier reader too) the
# 81 713 empty values read empty reached 2.7 (99.9 % under 1.2; under a thumb's shade 4.5),
# while pale ballpoint and grainy pencil circles the pen threshold missed had 4-22. So read:
# 2 circles on 300 mixed hard photos, 11 on 600 pencil ones; on fresh seeds (300-599), 5 on
# 600 hard and extreme photos and 3 on 300 hard pencil ones; none wrong. (Both rules once
# held only on photos with four corner marks seen. Reading the values far from a hidden
# one so changed 213 verdicts on the 2 000 photos named at STROKE_AROUND: all to the truth or
# surer of it, but one empty value read circled at 0.125, a doubt.)
VALUE_RING_CIRCLED = 4.0
VALUE_RING_SURE = 8.0
# A value read circled is not sure when its pen is less than 6 times the median pen round its
# 4 nearest empty neighbours in the row (at least 2 of them). Simulated, 900 photos of mixed
# pens and 600 of ballpoint (hard and extreme, seeds 0-299): of 2 282 circles so compared,
# the lowest had 3.4, 4.0, 4.6, 5.6 and then 7.3 times; the 4 values read circled that were
# empty had 1.8-5.9 (hard ballpoint seed 169: two at 0.4 and 0.73, a wrong total; its sheet
# small in the photo, 1.5 px per mm on the far side, one corner mark not found).
NEIGHBOURS = 4
CIRCLE_OVER_NEIGHBOURS = 6.0
# What a row of values shows in common (the median of its ink maps, pixel by pixel) is taken
# out before a circle is believed (judge._doubt_circles_the_row_shows): with at least 5 values
# in the row (a colour bonus row has 5), a player's circles, each drawn its own way, are not
# what most of them show at any one pixel.
ROW_COMPARED = 5
MARKED_PIXELS = 6  # fewer pixels over the pen threshold round a value are not a mark
# Circled: pen in ≥ 70 % of 16 sectors of the ring 0.45-1.45 (simulated circles: ≥ 75 %; a
# stroke through: ≤ 44 %, a clear "no" at 45 %); a sector counts when it holds 0.15 mm² of pen
# (a 0.3 mm line, 0.5 mm). A value read struck with pen in more sectors than halfway between
# (10 or more) is a doubt: a wide circle's long sides read across it (ordinary seed 2073, 10
# sectors, and hard 1158, 11: circled, read struck). So is one with pen in 9 (over half) and a
# line short of VALUE_LINE_SURE (ordinary seed 3020: circled, read struck at 0.79, line 3.5).
# Session 19, the 15 verdict sets and seeds 2000-2299 ordinary and 3000-3149 of both levels: no
# value read struck, sure, with pen in 10 sectors or more was struck; in 9, two were, with lines
# of 12.6 and 14.9; of the 9 read struck with pen in 9 or more and a shorter line, none was.
RING_INNER = 0.45
SECTORS = 16
SECTOR_HIT_MM2 = 0.15
AROUND_CIRCLED = 0.7
AROUND_NOT = 0.45
# The shape (around, across) is traced with pixels above half of the mark's own 90th-percentile
# ink, never below half the pen threshold: a faint pencil circle otherwise showed only its two
# darker sides, which look like a stroke through.
SHAPE_SHARE = 0.5
SHAPE_FLOOR = 0.5
# ... and, around the values, pen must be darker than the 99.8th percentile of the ink of the
# quietest third of them (their noise), and shapes are traced no paler than its 99th
# percentile.
# On 120 grainy 12-megapixel photos (hard), the pen threshold sat at the noise's 99th
# percentile round the colour bonuses: noise filled every sector and read as circles with
# confidence 0.45-0.56 (3 wrong totals).
VALUE_NOISE_PEN = 99.8
VALUE_NOISE_SHAPE = 99.0
# Pale pen in a mark's shape (a stroke's band, a circle's sectors) on a value read empty is a
# doubt only when its line or ring evidence (robust z, see RING_RADII) reaches 2, or 0.7 when
# the pen is at least halfway as dark as the crosses (DARK_AS_PEN, PALER_THAN_PEN). On 744
# simulated photos read (ordinary and hard), the 70 struck values read so had z 0.9-12.9 (under
# 1.5 all but one at least 0.88 as dark as the crosses), the 9 circled ones 6-17, while 29 of
# the 47 empty ones (noise blobs on hard photos lining up, mostly 0.38-0.46 as dark) had z
# under 0.7. A struck value on an extreme photo had z 0.8 and 0.58 as dark; on 100 hard
# 12-megapixel photos, doubting from 0.7 whatever the darkness cost 3 exact sheets (noise
# 0.34-0.42 as dark, z 0.8-1.0). From 1, pale pen still made doubts of noise: on hard photos
# (0-149, solo, 12-megapixel 0-39, --finger, pencil 1000-1099; sloppy ordinary) the 9 struck
# values with pale pen in a mark's shape had z 3.2-7.9, while 14 empty ones had z 1.0-1.8 (4
# more 2.7-8.3); from 2, 4 more of those hard photos (and 1 of the unseen hard 300-449) read
# exact, no verdict worse.
SHAPE_BACKED = 2.0
SHAPE_BACKED_DARK = 0.7
# A neighbour's circle brushing a value puts pen in at most 2 of its 16 sectors (simulated: 1 of
# 50 empty values with real pen had 4); a partly seen circle of its own had 4-8.
BRUSH_AROUND = 0.125
# ... or 3 when none of its pen lies across the value (at most 0.1: a circle to one side) and
# it is as dark as the sheet's crosses (DARK_AS_PEN: the same player's pen). On 2 300 simulated
# photos (600 ordinary and hard, 300 fresh ordinary, 600 fresh hard and extreme, 300 extreme,
# 300 hard pencil, 200 hard ballpoint), the 34 values read empty with such pen were all empty;
# it was the only doubt on 4 of the 600 ordinary photos (with the doubt it casts on the value
# above). Paler pen so is no brush: a struck value the photo barely shows had 3 sectors, 0.08
# across, at 0.48 of the crosses' darkness. Struck values read empty with 3 sectors otherwise
# had 0.29-1.0 across; circles, 5 sectors or more.
BRUSH_AROUND_ASIDE = 0.1875
BRUSH_ACROSS = 0.1
# Struck: the pen lies on one band (±0.18 half-sizes) through the middle that reaches 0.8
# half-sizes to both sides (score 0-1, see judge._across); a clear "no" below 0.25.
STROKE_REACH = 0.8
STROKE_BAND = 0.18
# A stroke that runs into the dark digit (within 0.15 half-sizes) is hidden there, not ended:
# when the digit goes on past the centre, that side does not limit the stroke's reach.
# (Simulated pencil and ballpoint strokes through a digit often showed on one side only, and
# were read empty.)
STROKE_GAP = 0.15
# ... but one seen on one side only, from 1.3 half-sizes out (past the value's box) to 0.25
# short of its middle, is a doubt: a neighbour's stroke ending at the digit looks so too
# (--sloppy ordinary 236 B: from 1.45 to 0.47 short, read struck, sure). Of the values so hidden
# read struck (tidy ordinary 0-299, hard 0-149; --sloppy both 0-249; --pen pencil both
# 1000-1149: 933 true strikes), those seen stopping 0.25 or more short came from 1.06 at
# most, and those coming from 1.3 or more stopped 0.05 short at most. On fresh seeds (--sloppy
# 250-499) it made doubts of 5 empty values read struck, sure, and of no true strike.
STRIKE_FAR = 1.3
STRIKE_SHORT = 0.25
# ... and it fills the band's middle (pen or that print, in steps of 0.1 half-sizes, up to
# STROKE_REACH to each side): fully from 60 %. Two neighbours' circles brushing in on opposite
# sides lie on one straight band too, and read as a stroke at 0.78 (simulated, felt).
STROKE_BIN = 0.1
STROKE_FILLED = 0.6
ACROSS_STRUCK = 0.5
ACROSS_NOT = 0.25
# A value read circled with pen across it (CIRCLE_CROSSED or more) and round it in fewer than
# 13 of the 16 sectors is a doubt: a struck value inside its neighbours' wide circles, whose
# arcs make most of a ring (--sloppy ordinary 338 column:I:first: across 0.42, round 0.75,
# read circled, sure). Session 39: of the values read circled with across 0.33 or more and
# round less than 0.8, on --sloppy seeds 0-499 of both levels, all 12 were struck (4 of them
# read sure: across 0.36-0.42, round 0.62-0.75); on tidy photos (ordinary 0-299, hard 0-149)
# all 3 were circled, and doubts already; with --pen pencil (1000-1149, both levels) all 4
# were circled, read sure (hard 1098, 1127, 1141, 1148: across 0.36-0.41, round 0.69-0.75)
# and are doubts now: a pencil circle's grain breaks its ring as a neighbour's arcs do. Tidy
# circles have across up to 0.46, but go all round (0.88-1.0) where that is over 0.33.
CIRCLE_CROSSED = 0.33
CIRCLE_WHOLE = 0.8
# A circle drawn wide (wide_circle.py): a value read empty with pen in half or more of the 24
# sectors of the band from RING_OUTER to 2.1 half-sizes round it that the values' patches show
# is a doubt (a sector counts when it holds 0.25 mm² of pen; pen within 2.1 half-sizes of a
# value read circled is that circle's, not this value's). Session 39, --sloppy seeds 0-499 of
# both levels (30 115 values read empty): the empty ones show pen in at most 0.458 of their
# band; 56 of the 76 circled ones in 0.5 or more, among them 5 of the 6 read empty and sure
# (0.54-0.89; the sixth 0.29). Without the claim of circled values' pen an empty value between
# two reached 0.667 (hard seed 237).
WIDE_OUTER = 2.1
WIDE_SECTORS = 24
WIDE_HIT_MM2 = 0.25
WIDE_SHARE = 0.5
# A value whose line reads it struck (VALUE_LINE_STRUCK, no ring) is sure when the pen seen
# there, however little, lies across it (STROKE_ACROSS) and round it in at most 4 of 16
# sectors: the two measures agree. On 2 000 simulated photos (600 ordinary and hard, 600 fresh
# hard and extreme, 300 extreme, 300 hard pencil, 200 hard ballpoint; with four corner marks
# seen), 4 846 values had both, all struck, 109 of them unsure or misread before; the 62
# values not struck whose pen lay so (noise, a neighbour's circle) had lines of 1.4 at most.
STROKE_AROUND = 0.25
# ... and lies across it from 0.35 (its share on the best straight band, see judge._across):
# on session 45's photos (hard 0-149 and 300-449, solo, 12-megapixel 0-79, ordinary and extreme
# 0-149, pencil 1000-1099 and solo, --finger, --sloppy ordinary; some read twice) the 93 values
# with pen so at 0.35-0.5 and a line from 2.0 were all struck. From 0.35, not ACROSS_STRUCK
# (0.5), 23 verdicts changed on hard 0-149 and 300-449, solo, ordinary and extreme 0-149, pencil
# 1000-1099, --sloppy 0-149 (both levels) and ballpoint hard 2000-2099, none for the worse; one
# hard photo more read exact.
STROKE_ACROSS = 0.35
# With the pen seen lying so, a line from 2.7 is enough. On 3 000 simulated photos (seeds
# 0-599: ordinary and hard, mixed pens and pencil; extreme mixed), the 62 values with a line of
# 2.7-3.0, a ring under 1.0 and their pen so were all struck (45 had read empty or unsure); at
# 2.0-2.7, 100 were struck and one empty (2.4: a blurred digit's leftover on a pencil sheet).
STROKE_LINE = 2.7

# Blur: a photo whose Laplacian energy is this small relative to its contrast has no edges left
# to find markers in. On the sheet, a blur sigma above 0.36 mm smears a ballpoint line (0.3 mm)
# to a third of its contrast: too blurred to read pen marks reliably.
BLURRED_PHOTO = 0.02
PHOTO_MIN_CONTRAST = 8.0  # grey levels of spread: below it the picture is blank, not blurred
MAX_BLUR_MM = 0.36

# Contrast: the median over crossed boxes of their 95th-percentile ink, over the median over
# empty boxes of their 99th percentile. Below 2 the pen barely stands out from the paper
# (simulated: 10 of 12 such sheets misread): the photo is refused. Up to 4, confidences are
# scaled down (by up to half), so near-limit verdicts become uncertain.
MIN_CONTRAST = 2.0
GOOD_CONTRAST = 4.0
# A photo refused so that shows the sheet at fewer photo pixels per mm than this is asked to be
# retaken from closer: a pen line (0.25-0.45 mm) spans about a pixel there, and the photo's
# blur and noise fade it. Of the 50 photos refused for their contrast among 1 200 simulated
# ones (hard seeds 0-149 and 1000-1149; ordinary and hard 3000-3149, 4000-4199, and 0-99 taken
# by a phone), 46 showed the sheet at 2.2-4.4 px per mm (the other 4 at 4.8-6.8).
CLOSER_PX_PER_MM = 4.5

# A corner mark the marker search missed (small, squashed, blurred: the far side of a steep
# photo) is looked for by its pattern where two or more marks found put it (read/missed.py):
# within its own size of there, then within 3 px once it has laid the sheet out afresh; taken
# where the pattern matches by 0.8 (normalised correlation) or more, and its bits by 0.45 more
# than turned a quarter, a half or three quarters (a dark square matches any turn alike). Not
# looked for where it would span fewer than 12 px. Measured on hard and ordinary seeds 0-59,
# each mark of the 105 photos whose four the search found left out, alone and with another:
# the bits matched 0.73 or more better than turned in 95 % of the 1 260 tries, the pattern
# 0.8 or more in all but 5 (pairs left out on hard photos); marks under a thumb (15): pattern
# 0.32-0.72, bits -0.23-0.66 better.
MISSED_MATCH = 0.8
MISSED_TURNED = 0.45
MISSED_SETTLE_PX = 3.0
MISSED_LEAST_PX = 12


# A crease (read/crease.py): a line darker than the light CREASE_SIDE_MM either side of it, by
# CREASE_SHADE or more, in CREASE_SHARE of the spans of CREASE_SPAN_MM it crosses where the
# print is plain (CREASE_MIN_SPANS at least) and in the margins (outside every element,
# CREASE_SIDE_MM round it) all along, over CREASE_MARGIN_MM at least, CREASE_END_MM of them in
# either half of the sheet (a pen lying on it has edges too); within CREASE_MAX_DEG of
# the sheet's sides, looked for in steps of CREASE_STEP_DEG, not within CREASE_EDGE_MM of them;
# of the lines through the margins, the CREASE_TRIED shaded in the most spans of the margins
# (then of all) are tried. Measured on the coarse copies of benchmarks/score.py --fold,
# ordinary and hard seeds 0-59: 97 of 99 and 90 of 97 creases found (the rest only 5-8 %
# deep), none on the same 120 sheets unfolded (3 tried: 86 of 97 found on the hard ones).
# Looked for in the cells too, the shade of the pen along a row of crosses made creases of
# them; in the margins alone, a hard photo's noise did.
CREASE_SIDE_MM = 1.5
CREASE_SPAN_MM = 5.0
CREASE_SHADE = 0.02
CREASE_SHARE = 0.5
CREASE_MIN_SPANS = 3
CREASE_MARGIN_MM = 10.0
CREASE_END_MM = 2.5
CREASE_MAX_DEG = 4.0
CREASE_STEP_DEG = 0.25
CREASE_TRIED = 10
CREASE_EDGE_MM = 10.0
# The line found is then fitted to where the crease is darkest across it, row by row: in the
# rows where it shows (shaded CREASE_SHADE to CREASE_DARKEST: pen is darker), CREASE_FIT_ROWS
# of them at least, those within CREASE_FIT_PX of the fit
CREASE_DARKEST = 0.45
CREASE_FIT_ROWS = 20
CREASE_FIT_PX = 1.5
# and its shade is measured within CREASE_BAND_MM of it, over each CREASE_PIECE_MM along it
# where the print is plain across CREASE_MEASURED of the band (an eighth of the piece or more)
# with no gap wider than CREASE_GAP_MM (bridged across it: wider, it bridged the crease itself,
# whose shade was then left in the photo: --fold --pen pencil ordinary 70042, cells read crossed)
CREASE_BAND_MM = 3.0
CREASE_PIECE_MM = 20.0
CREASE_MEASURED = 0.6
CREASE_GAP_MM = 0.5
# What is left of a crease's shade through a value can still pass for a stroke through it (its
# print leaves the band little plain paper to measure the shade on): a value read struck by a
# line no clearer than CREASE_STROKE_Z that a crease runs through, or within CREASE_NEAR_MM of,
# is left to the players. --fold hard 0-149: 4 colour bonuses and a column's value read struck
# so, sure, their lines' z 3.4-5.0 (a total unchanged only by luck: each colour or column
# incomplete); values struck and read so, 2 927 on seeds 0-149 with and without folds: z 8 or
# more for 90 %, their median 29.
CREASE_NEAR_MM = 1.0
CREASE_STROKE_Z = 8.0
