package form

import (
	"maps"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
)

func (h *Host) cancel() tea.Cmd {
	if h.Dirty() && h.spec.ReadOnly == "" {
		page := h.opts.ID
		return ui.Emit(ui.Confirm{Question: h.discardQuestion(), Yes: ui.Emit(formDiscardMsg{page: page})})
	}
	// Forget the form: the next visit of this cached page loads the record
	// afresh (a remaining amount may have changed in between).
	return tea.Batch(ui.Emit(ui.Back{}), h.deleteDraftCmd())
}

// submit validates and sends; resend is the explicit "send again" after an
// unknown outcome. No key sends a write in doubt blindly: while one is (and
// the service can be read to settle it), every send key checks first, and
// the form sends only when the read shows the write did not land.
func (h *Host) submit(resend bool) tea.Cmd {
	if h.sending || h.checking {
		h.notice = h.opts.Locale.T("Sending…")
		if h.checking {
			h.notice = h.opts.Locale.Tf("Checking whether the %s was recorded…", h.spec.Noun)
		}
		return nil
	}
	if h.unknown && h.recheck != nil {
		h.thenSend = true
		return h.check(h.recheck)
	}
	if h.unknown && !resend {
		h.notice = h.unknownHelp()
		return nil
	}
	h.tried = true
	first := -1
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		if f.Kind == FieldInfo || h.hidden(f) || f.Validate == nil {
			continue
		}
		if api := h.api(); f.Validate(api[f.Key], api) != nil && first < 0 {
			first = i
		}
	}
	if first >= 0 {
		h.setFocus(first)
		h.notice = h.opts.Locale.T("Fix the marked fields first; nothing was sent.")
		return nil
	}
	if h.spec.Confirm != nil {
		if q := h.spec.Confirm(h.api()); q != "" {
			page := h.opts.ID
			return ui.Emit(ui.Confirm{Question: q, Yes: ui.Emit(formConfirmedMsg{page: page, from: h})})
		}
	}
	return h.send()
}

// send sends the visible values (validated, confirmed).
func (h *Host) send() tea.Cmd {
	h.sending, h.unknown, h.recheck, h.entry, h.checks = true, false, nil, "", 0
	h.problem, h.summary = "", nil
	h.notice = h.opts.Locale.T("Sending…")
	h.submitted = h.visibleValues()
	return h.run(h.spec.Submit(maps.Clone(h.submitted)), false)
}

func (h *Host) unknownHelp() string {
	if h.recheck != nil {
		return h.opts.Locale.T("The outcome of the last send is in doubt: kasa checks the service by itself and sends nothing before it knows; ctrl+k checks now.")
	}
	return h.opts.Locale.T("The outcome of the last send is unknown; sending it again is harmless: ctrl+y sends again.")
}

// maxAutoChecks bounds the automatic checks after one send: then ctrl+k
// (or any send key) checks.
const maxAutoChecks = 8

// scheduleCheck sets the next automatic check of the write in doubt: after
// CheckDelay, doubling, at most a minute apart.
func (h *Host) scheduleCheck() tea.Cmd {
	if h.checks > maxAutoChecks {
		return nil
	}
	page, from, n := h.opts.ID, h, h.checks
	wait := min(h.opts.CheckDelay<<min(n-1, 6), time.Minute)
	return tea.Tick(wait, func(time.Time) tea.Msg { return formCheckTickMsg{page: page, from: from, n: n} })
}

// run runs task in a Cmd and routes its Result back to this host.
func (h *Host) run(task Task, check bool) tea.Cmd {
	page, from := h.opts.ID, h
	return func() tea.Msg {
		return formResultMsg{page: page, from: from, check: check, res: task()}
	}
}

// check looks for the record after an unknown outcome.
func (h *Host) check(task Task) tea.Cmd {
	if h.checking {
		return nil
	}
	h.checking = true
	h.notice = h.opts.Locale.Tf("Checking whether the %s was recorded…", h.spec.Noun)
	return h.run(task, true)
}

func (h *Host) result(msg formResultMsg) tea.Cmd {
	res := msg.res
	if msg.check {
		h.checking = false
	} else {
		h.sending = false
	}
	h.notice = ""
	h.lockRefused = res.Locked && !msg.check
	switch {
	case len(res.Done) > 0:
		h.clear()
		return tea.Batch(sequence(res.Done), h.deleteDraftCmd())
	case res.NotApplied:
		return h.notApplied(res)
	case res.Unknown:
		return h.inDoubt(res, msg.check)
	case len(res.FieldErrors) > 0:
		h.refused(res)
		return nil
	default:
		h.problem = res.Problem
		return nil
	}
}

// notApplied: a read showed the write did not land. A send key that asked
// for the check sends now; otherwise the form waits for one.
func (h *Host) notApplied(res Result) tea.Cmd {
	h.unknown, h.recheck, h.entry, h.checks = false, nil, "", 0
	h.problem = res.Problem
	if h.thenSend {
		h.thenSend = false
		return tea.Batch(h.saveDraftCmd(), h.submit(false))
	}
	h.notice = h.opts.Locale.T("ctrl+s sends it.")
	return h.saveDraftCmd()
}

// inDoubt: no clear answer (or a check that could not read the service).
// The service's old field messages go (they answered an earlier send); the
// draft keeps the write's entry; a check follows at once after a send, and
// with a growing wait after a failed check.
func (h *Host) inDoubt(res Result, wasCheck bool) tea.Cmd {
	h.unknown, h.thenSend = true, false
	h.problem = res.Problem
	h.serverErrs, h.summary = nil, nil
	h.widgetErrors(nil)
	h.entry, h.recheck = res.Entry, res.Check
	h.notice = h.unknownHelp()
	if res.Check == nil {
		return h.saveDraftCmd()
	}
	if !wasCheck {
		return tea.Batch(h.saveDraftCmd(), h.check(res.Check))
	}
	h.checks++
	return tea.Batch(h.saveDraftCmd(), h.scheduleCheck())
}

// fieldFor finds the visible field an error key belongs to (-1 if none).
func (h *Host) fieldFor(k string) int {
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		if h.hidden(f) {
			continue
		}
		if f.Key == k || slices.Contains(f.Aliases, k) || (f.Kind == FieldWidget && strings.HasPrefix(k, f.Key+".")) {
			return i
		}
	}
	return -1
}

func humanKey(k string) string {
	if k == "" {
		return ""
	}
	s := strings.ReplaceAll(k, "_", " ")
	return strings.ToUpper(s[:1]) + s[1:] + ":"
}

// refused puts the service's messages beside their fields (or above the
// form when no field has their key) and focuses the first such field.
func (h *Host) refused(res Result) {
	h.serverErrs, h.summary = map[string][]string{}, nil
	first := -1
	for _, k := range slices.Sorted(maps.Keys(res.FieldErrors)) {
		i := h.fieldFor(k)
		if i < 0 {
			for _, m := range res.FieldErrors[k] {
				h.summary = append(h.summary, humanKey(k)+" "+m)
			}
			continue
		}
		fk := h.spec.Fields[i].Key
		h.serverErrs[fk] = append(h.serverErrs[fk], res.FieldErrors[k]...)
		if first < 0 || i < first {
			first = i
		}
	}
	h.widgetErrors(res.FieldErrors)
	if first >= 0 && h.focusable(first) {
		h.setFocus(first)
	}
	h.problem = res.Problem
	if h.problem == "" {
		h.problem = h.opts.Locale.Tf("The service refused the %s; nothing was saved and your input is kept.", h.spec.Noun)
	}
}

// sequence delivers msgs to the program in order.
func sequence(msgs []tea.Msg) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(msgs))
	for _, m := range msgs {
		cmds = append(cmds, ui.Emit(m))
	}
	return tea.Sequence(cmds...)
}

// widgetErrors hands each ErrorTaker widget the messages of its keys (and
// none, to clear them, when errs is empty).
func (h *Host) widgetErrors(errs map[string][]string) {
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		et, ok := f.Widget.(ErrorTaker)
		if f.Kind != FieldWidget || !ok {
			continue
		}
		mine := map[string][]string{}
		for k, m := range errs {
			if k == f.Key || strings.HasPrefix(k, f.Key+".") {
				mine[k] = m
			}
		}
		et.SetErrors(mine)
	}
}
