"""Every tuning number of the photo reader, in one place, each with the reason for its value."""

# Markers may be small in a wide photo: a 10 mm fiducial on a sheet filling a third of the frame
# still has a perimeter of ~6 % of the image's larger side; 2 % leaves room for smaller sheets.
MIN_MARKER_PERIMETER_RATE = 0.02
