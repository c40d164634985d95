import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION, type Notification } from '@atrium/contracts/project';
import {
  blocksSave,
  notificationBodyOf,
  notificationErrors,
  notificationForm,
  notificationLanguage,
  type NotificationForm,
} from './notification-form';

const stored: Notification = {
  email: {
    enabled: true,
    options: { mails: ['a@b.fr'] },
    events: { status: true, voltage: false, thresholds: true },
    quietHours: { enabled: true, start: '21:30', end: '06:00' },
  },
  pushover: {
    enabled: false,
    options: { user: 'u', token: 't' },
    events: { status: false, voltage: true, thresholds: false },
  },
  language: 'en',
};

function form(change: (f: NotificationForm) => void = () => undefined): NotificationForm {
  const f = notificationForm(stored);
  change(f);
  return f;
}

describe('notificationForm / notificationBodyOf', () => {
  it('pads the addresses to two fields and defaults the quiet hours', () => {
    const f = notificationForm(stored);
    expect(f.email.mails).toEqual(['a@b.fr', '']);
    expect(f.email.quietHours).toEqual({ enabled: true, start: '21:30', end: '06:00' });
    expect(f.pushover.quietHours).toEqual({ enabled: false, start: '22:00', end: '07:00' });
  });

  it('sends the filled addresses trimmed, the keys trimmed, every event and the language', () => {
    const body = notificationBodyOf(
      form((f) => {
        f.email.mails = ['', ' x@y.com '];
        f.pushover.user = ' key ';
      }),
      'fr',
    );
    expect(body.email.options.mails).toEqual(['x@y.com']);
    expect(body.pushover.options).toEqual({ user: 'key', token: 't' });
    // The thresholds checkbox is shown checked and disabled: thresholds always go out.
    expect(body.email.events).toEqual({ status: true, voltage: false, thresholds: true });
    expect(body.pushover.events).toEqual({ status: false, voltage: true, thresholds: true });
    expect(body.pushover.quietHours).toEqual({ enabled: false, start: '22:00', end: '07:00' });
    expect(body.language).toBe('fr');
  });

  it('round-trips the default settings', () => {
    const body = notificationBodyOf(notificationForm(DEFAULT_NOTIFICATION), 'en');
    expect(body.email).toMatchObject({ enabled: false, options: { mails: [] } });
    expect(body.pushover.options).toEqual({ user: '', token: '' });
  });
});

describe('notificationLanguage', () => {
  it('is French or English, English for another console language', () => {
    expect(notificationLanguage('fr')).toBe('fr');
    expect(notificationLanguage('en-GB')).toBe('en');
    expect(notificationLanguage('de')).toBe('en');
  });
});

describe('notificationErrors (document 2 §5)', () => {
  it('accepts one valid address, or two', () => {
    expect(notificationErrors(form())).toEqual({});
    expect(notificationErrors(form((f) => (f.email.mails = ['a@b.fr', 'c@d.com'])))).toEqual({});
  });

  it('gives mailBody when e-mail is on without an address or with a malformed one', () => {
    expect(notificationErrors(form((f) => (f.email.mails = ['', ''])))).toEqual({
      email: 'mailBody',
    });
    expect(notificationErrors(form((f) => (f.email.mails = ['a@b.fr', 'nope'])))).toEqual({
      email: 'mailBody',
    });
  });

  it('also refuses a malformed address while e-mail is off, but not an empty list', () => {
    const off = (mails: [string, string]) =>
      form((f) => {
        f.email.enabled = false;
        f.email.mails = mails;
      });
    expect(notificationErrors(off(['', '']))).toEqual({});
    expect(notificationErrors(off(['x@', '']))).toEqual({ email: 'mailBody' });
  });

  it('gives pushoverFieldEmpty when Pushover is on without both keys', () => {
    const on = (user: string, token: string) =>
      form((f) => {
        f.pushover.enabled = true;
        f.pushover.user = user;
        f.pushover.token = token;
      });
    expect(notificationErrors(on('u', 't'))).toEqual({});
    expect(notificationErrors(on('u', '  '))).toEqual({ pushover: 'pushoverFieldEmpty' });
    expect(notificationErrors(on('', 't'))).toEqual({ pushover: 'pushoverFieldEmpty' });
  });

  it('flags quiet hours that are not HH:MM', () => {
    const errors = notificationErrors(form((f) => (f.pushover.quietHours.end = '24:00')));
    expect(errors).toEqual({ pushoverQuietHours: 'invalidForm' });
  });

  it('blocks saving on wrong addresses or hours, not on missing Pushover keys', () => {
    expect(blocksSave({ email: 'mailBody' })).toBe(true);
    expect(blocksSave({ emailQuietHours: 'invalidForm' })).toBe(true);
    expect(blocksSave({ pushover: 'pushoverFieldEmpty' })).toBe(false);
    expect(blocksSave({})).toBe(false);
  });
});
