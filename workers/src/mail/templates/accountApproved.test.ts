import { describe, expect, it } from 'vitest';
import { renderAccountApproved } from './accountApproved';

describe('account approved mail', () => {
  it('greets the user by first name and links to the login page', () => {
    const mail = renderAccountApproved({ firstName: 'Ada', appUrl: 'https://medchest.example' });
    expect(mail.subject).toBe('Your MedChest account is approved');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('https://medchest.example/login');
    expect(mail.html).toContain('<a href="https://medchest.example/login">');
  });

  it('still reads well without a first name', () => {
    const mail = renderAccountApproved({ appUrl: 'http://localhost:3000/' });
    expect(mail.text.startsWith('Hello,')).toBe(true);
    expect(mail.text).toContain('http://localhost:3000/login');
  });

  it('escapes a name that looks like markup in the HTML part', () => {
    const mail = renderAccountApproved({ firstName: '<b>Eve</b>', appUrl: 'http://localhost:3000' });
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });
});
