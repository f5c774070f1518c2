"""The analyst's page on the HTTP service (issues 21 and 35; ``docs/http.md``): no JavaScript
needed. The package splits by what a module is:

- what a form says: :mod:`.fields` (the form's own fields, the request pasted, the intake's
  root options), :mod:`.words` (every word of the page, in English and Chinese);
- the page's HTML, apart from any request handling: :mod:`.html` (the document shell and its
  styles), :mod:`.form_html` (the form, empty or filled), :mod:`.errors_html` (the page of a
  submission's errors), :mod:`.download` (the report's download button), :mod:`.templates`
  (the blank templates' links and bytes);
- what a submission is answered with: :mod:`.sheet` (the intake on an uploaded sheet),
  :mod:`.field_errors` (the form fields' own errors), :mod:`.marks` (the control each error is
  about, issue 40), :mod:`.report` (the report page of each
  kind), :mod:`.notes` (how the sheet was read), :mod:`.nav` (the links under a report),
  :mod:`.kinds` (the kinds it answers), :mod:`.dispatch` (which answer a submission gets),
  :mod:`.workbook` (the download's workbook);
- the request handling: :mod:`.requests` (the body and the form read at the edge),
  :mod:`.responses` (the page's headers and its own transport errors), :mod:`.routes` (the
  endpoints of ``GET /``, ``POST /quotecalc/report``, ``POST /quotecalc/form`` and the
  templates), :mod:`.intake_route` (``POST /quotecalc/intake``, for programs).

The routes (:data:`quotecalc.http.operations.PAGES`):

- ``GET /``: a form to upload a CSV or XLSX quote sheet (read by the intake,
  :func:`quotecalc.intake.read`: its rules, limits and messages) with the root fields, or to
  paste a request; ``?lang=zh`` for Chinese.
- ``POST /quotecalc/report`` (the form's action, ``multipart/form-data``): the HTML report
  of that request (:func:`quotecalc.output.pictures.html_page`, the answer first, with the
  best purchase plan of :func:`quotecalc.planning.document.plan` for the same bytes), with
  the calculation's status (200, 422, 500); a pasted plan request (price breaks, capacities,
  ``maxSuppliers``) is answered with its readable plan instead
  (:func:`quotecalc.output.plan_html.render_plan_html`, the bytes of ``--plan --format
  html``), with the plan's status; a sheet the intake cannot read answers a page listing
  each error's cell and message (422).
- ``POST /quotecalc/form``: the form filled with the posted values (issue 35): what a
  report page's "change the inputs" sends. Every report page ends with that button and a
  "new comparison" link; an error page holds the filled form under every error of the
  submission (the sheet's and the form fields'). A pasted request with ``exchangeRates``,
  or a sheet with the form's exchange-rate rows, is answered with the converted comparison
  (``--convert --format html``); a ``.json`` file is read as a pasted request.
- ``POST /quotecalc/intake``: the same form, or the sheet itself as the body
  (``text/csv`` or the XLSX media type, the options as query parameters), answering the
  intake's request document as JSON (200, its notes in the ``Quotecalc-Intake-Notes``
  header) or its error document (422). Every option of the intake's command line has its
  HTTP form (:mod:`quotecalc.intake.options`), and every hint names the HTTP form.
- ``GET /quotecalc/page/template``: a blank template workbook.

Every POST is an entry of the calculation routes' own edge path (:mod:`quotecalc.http.serve`,
issue 39): the announced length and the body read once against the row's limit (413), the
read timeout (408), then its work admitted by the cost class the form tells
(:func:`.dispatch.cost_class`) into the same light and heavy pools (503 with the pool's
``Retry-After``, the heavy deadline, the disconnect watch, the metrics), ``X-Request-Id``,
``Cache-Control: no-store``; nothing of the input is echoed in an error. A page also carries a
Content-Security-Policy that allows no script and no fetch.

This module imports nothing: the heavy worker subprocess imports the page's entry point
(:func:`.dispatch.report`) without the request handling.
"""
