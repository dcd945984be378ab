"""Layouts drawn with reportlab: one sheet as a form, pads of many, previews as images."""
