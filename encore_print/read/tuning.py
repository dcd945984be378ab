"""Every tuning number of the photo reader, in one place, each with the reason for its value."""

# Markers may be small in a wide photo: a 10 mm fiducial on a sheet filling a third of the frame
# still has a perimeter of ~6 % of the image's larger side; 2 % leaves room for smaller sheets.
MIN_MARKER_PERIMETER_RATE = 0.02

# Big JPEGs are decoded at 1/2, 1/4 or 1/8 size while the longer side stays at least this long:
# a sheet filling a third of the frame then still gets ~8 px per mm.
DECODE_MIN_SIDE = 2000
