/**
 * The script the identity host serves at `/.well-known/ory/webauthn.js`. Account screens load it
 * from a `script` node and call its functions by the names the trigger attributes give
 * (`oryPasskeyLogin` …), exactly as with Kratos: each function reads the options from its
 * hidden node, runs the browser's ceremony, writes the result into the matching hidden input
 * and posts that input's form. It is plain ES2017 with no dependencies, so any client of the
 * protocol can use it; the service sends it with a Subresource Integrity hash.
 */
export const WEBAUTHN_SCRIPT = String.raw`;(function () {
  'use strict';
  if (typeof window === 'undefined' || window.__oryWebAuthnInitialized) return;

  function decode(value) {
    var text = atob(String(value).replace(/-/g, '+').replace(/_/g, '/'));
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  function encode(buffer) {
    if (!buffer) return '';
    var bytes = new Uint8Array(buffer);
    var text = '';
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function field(name) {
    return document.getElementsByName(name)[0];
  }

  function parse(value) {
    if (value && typeof value === 'object') return JSON.parse(JSON.stringify(value));
    return JSON.parse(value);
  }

  function decodeList(list) {
    return (list || []).map(function (item) {
      return Object.assign({}, item, { id: decode(item.id) });
    });
  }

  function creationOptions(publicKey) {
    var options = Object.assign({}, publicKey);
    options.challenge = decode(publicKey.challenge);
    options.user = Object.assign({}, publicKey.user, { id: decode(publicKey.user.id) });
    options.excludeCredentials = decodeList(publicKey.excludeCredentials);
    return options;
  }

  function requestOptions(publicKey) {
    var options = Object.assign({}, publicKey);
    options.challenge = decode(publicKey.challenge);
    options.allowCredentials = decodeList(publicKey.allowCredentials);
    return options;
  }

  function attestation(credential) {
    var response = credential.response;
    return JSON.stringify({
      id: credential.id,
      rawId: encode(credential.rawId),
      type: credential.type,
      response: {
        attestationObject: encode(response.attestationObject),
        clientDataJSON: encode(response.clientDataJSON),
        transports: typeof response.getTransports === 'function' ? response.getTransports() : [],
      },
      clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
    });
  }

  function assertion(credential) {
    var response = credential.response;
    return JSON.stringify({
      id: credential.id,
      rawId: encode(credential.rawId),
      type: credential.type,
      response: {
        authenticatorData: encode(response.authenticatorData),
        clientDataJSON: encode(response.clientDataJSON),
        signature: encode(response.signature),
        userHandle: encode(response.userHandle),
      },
      clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
    });
  }

  function post(result, value) {
    result.value = value;
    var form = result.closest('form');
    if (form) HTMLFormElement.prototype.submit.call(form);
  }

  function supported() {
    if (window.PublicKeyCredential) return true;
    console.error('[webauthn] This browser does not support WebAuthn.');
    return false;
  }

  function failed(error) {
    // Cancelling the browser's dialog is a choice, not an error worth more than a log line.
    console.warn('[webauthn]', error && error.name ? error.name + ': ' + error.message : error);
  }

  function stopAutocomplete() {
    if (window.abortPasskeyConditionalUI) {
      window.abortPasskeyConditionalUI.abort('A passkey sign-in was started with the button.');
      window.abortPasskeyConditionalUI = undefined;
    }
  }

  function webAuthnLogin(options) {
    var trigger = field('webauthn_login_trigger');
    var result = field('webauthn_login');
    if (!result || !supported()) return;
    var opt = parse(options || (trigger && trigger.value));
    navigator.credentials
      .get({ publicKey: requestOptions(opt.publicKey) })
      .then(function (credential) {
        post(result, assertion(credential));
      })
      .catch(failed);
  }

  function webAuthnRegistration(options) {
    var trigger = field('webauthn_register_trigger');
    var result = field('webauthn_register');
    if (!result || !supported()) return;
    var opt = parse(options || (trigger && trigger.value));
    navigator.credentials
      .create({ publicKey: creationOptions(opt.publicKey) })
      .then(function (credential) {
        post(result, attestation(credential));
      })
      .catch(failed);
  }

  function passkeyLogin() {
    var data = field('passkey_challenge');
    var result = field('passkey_login');
    if (!data || !result || !supported()) return;
    stopAutocomplete();
    var opt = parse(data.value);
    navigator.credentials
      .get({ publicKey: requestOptions(opt.publicKey) })
      .then(function (credential) {
        post(result, assertion(credential));
      })
      .catch(function (error) {
        failed(error);
        passkeyLoginAutocompleteInit();
      });
  }

  function passkeyLoginAutocompleteInit() {
    var data = field('passkey_challenge');
    var result = field('passkey_login');
    if (!data || !result || !window.PublicKeyCredential || !PublicKeyCredential.isConditionalMediationAvailable) return;
    PublicKeyCredential.isConditionalMediationAvailable().then(function (available) {
      if (!available) return;
      stopAutocomplete();
      var controller = new AbortController();
      window.abortPasskeyConditionalUI = controller;
      var opt = parse(data.value);
      navigator.credentials
        .get({ publicKey: requestOptions(opt.publicKey), mediation: 'conditional', signal: controller.signal })
        .then(function (credential) {
          post(result, assertion(credential));
        })
        .catch(function () {
          // Aborted for the button, or nothing picked: the button still works.
        });
    });
  }

  /** The new account's name on the authenticator comes from a trait the form already has. */
  function displayName(form, createData) {
    var names = createData.displayNameFieldNames || [createData.displayNameFieldName];
    for (var i = 0; i < names.length; i++) {
      var input = names[i] && form.querySelector('[name="' + names[i] + '"]');
      if (input && input.value) return { value: input.value };
    }
    var first = names[0] && form.querySelector('[name="' + names[0] + '"]');
    return { missing: first };
  }

  function passkeyRegistration() {
    var data = field('passkey_create_data');
    var result = field('passkey_register');
    if (!data || !result || !supported()) return;
    var createData = parse(data.value);
    var name = displayName(data.closest('form'), createData);
    if (!('value' in name)) {
      // A passkey without the account's address would be a key to nothing: ask for it first.
      if (name.missing) {
        name.missing.focus();
        if (name.missing.reportValidity) name.missing.reportValidity();
      }
      return;
    }
    var publicKey = createData.credentialOptions.publicKey;
    publicKey.user = Object.assign({}, publicKey.user, { name: name.value, displayName: name.value });
    navigator.credentials
      .create({ publicKey: creationOptions(publicKey) })
      .then(function (credential) {
        post(result, attestation(credential));
      })
      .catch(failed);
  }

  function passkeySettingsRegistration() {
    var data = field('passkey_create_data');
    var result = field('passkey_settings_register');
    if (!data || !result || !supported()) return;
    var opt = parse(data.value);
    var publicKey = (opt.credentialOptions || opt).publicKey;
    navigator.credentials
      .create({ publicKey: creationOptions(publicKey) })
      .then(function (credential) {
        post(result, attestation(credential));
      })
      .catch(failed);
  }

  var functions = {
    WebAuthnLogin: webAuthnLogin,
    WebAuthnRegistration: webAuthnRegistration,
    PasskeyLogin: passkeyLogin,
    PasskeyLoginAutocompleteInit: passkeyLoginAutocompleteInit,
    PasskeyRegistration: passkeyRegistration,
    PasskeySettingsRegistration: passkeySettingsRegistration,
  };
  Object.keys(functions).forEach(function (name) {
    window['ory' + name] = functions[name];
    window['__ory' + name] = functions[name];
  });
  window.__oryWebAuthnInitialized = true;
  window.dispatchEvent(new CustomEvent('oryWebAuthnInitialized'));
})();
`;
