import { describe, expect, it } from 'vitest';
import { renderExistingAccountSignUp } from './existingAccountSignUp';

describe('the mail to the owner of an address someone signed up with again', () => {
  it('tells the owner their account is unchanged and links to the login page', () => {
    const mail = renderExistingAccountSignUp({ firstName: 'Ada', appUrl: 'https://medchest.example' });
    expect(mail.subject).toBe('Someone tried to sign up to MedChest with your email');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('unchanged');
    expect(mail.text).toContain('https://medchest.example/login');
  });

  it('escapes a name that looks like markup in the HTML part', () => {
    const mail = renderExistingAccountSignUp({ firstName: '<i>Eve</i>', appUrl: 'http://localhost:3000' });
    expect(mail.html).toContain('Hello &lt;i&gt;Eve&lt;/i&gt;,');
    expect(mail.html).not.toContain('<i>Eve</i>');
  });
});
