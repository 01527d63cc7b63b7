// What the server bundle needs from a browser-like host and QuickJS lacks (src/render/engine.rs):
// `console` (its lines go to the server's log through __studioLog) and a small `URL` and
// `URLSearchParams` (react-router builds hrefs with them). Nothing here reaches the network.
(function (global) {
  'use strict';
  var log = global.__studioLog;
  var show = function (value) {
    if (value instanceof Error) return value.stack ? value.message + '\n' + value.stack : String(value);
    if (typeof value === 'object' && value !== null) {
      try {
        return JSON.stringify(value);
      } catch (_) {
        return String(value);
      }
    }
    return String(value);
  };
  var line = function (level) {
    return function () {
      log(level, Array.prototype.map.call(arguments, show).join(' '));
    };
  };
  global.console = {
    debug: line(0),
    log: line(1),
    info: line(1),
    warn: line(2),
    error: line(3),
  };

  var decode = function (text) {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch (_) {
      return text;
    }
  };
  var encode = function (text) {
    return encodeURIComponent(text).replace(/%20/g, '+');
  };

  function URLSearchParams(init) {
    this._pairs = [];
    if (init == null) return;
    if (typeof init === 'string') {
      var query = init.charAt(0) === '?' ? init.slice(1) : init;
      var parts = query ? query.split('&') : [];
      for (var i = 0; i < parts.length; i++) {
        if (!parts[i]) continue;
        var at = parts[i].indexOf('=');
        this._pairs.push(at < 0 ? [decode(parts[i]), ''] : [decode(parts[i].slice(0, at)), decode(parts[i].slice(at + 1))]);
      }
    } else if (typeof init[Symbol.iterator] === 'function') {
      for (var pair of init) this._pairs.push([String(pair[0]), String(pair[1])]);
    } else {
      for (var key of Object.keys(init)) this._pairs.push([key, String(init[key])]);
    }
  }
  URLSearchParams.prototype = {
    get: function (name) {
      for (var i = 0; i < this._pairs.length; i++) if (this._pairs[i][0] === name) return this._pairs[i][1];
      return null;
    },
    getAll: function (name) {
      return this._pairs.filter(function (p) { return p[0] === name; }).map(function (p) { return p[1]; });
    },
    has: function (name) {
      return this.get(name) !== null;
    },
    set: function (name, value) {
      this.delete(name);
      this._pairs.push([name, String(value)]);
    },
    append: function (name, value) {
      this._pairs.push([name, String(value)]);
    },
    delete: function (name) {
      this._pairs = this._pairs.filter(function (p) { return p[0] !== name; });
    },
    forEach: function (callback, self) {
      for (var i = 0; i < this._pairs.length; i++) callback.call(self, this._pairs[i][1], this._pairs[i][0], this);
    },
    keys: function () {
      return this._pairs.map(function (p) { return p[0]; })[Symbol.iterator]();
    },
    values: function () {
      return this._pairs.map(function (p) { return p[1]; })[Symbol.iterator]();
    },
    entries: function () {
      return this._pairs.map(function (p) { return [p[0], p[1]]; })[Symbol.iterator]();
    },
    toString: function () {
      return this._pairs.map(function (p) { return encode(p[0]) + '=' + encode(p[1]); }).join('&');
    },
  };
  URLSearchParams.prototype[Symbol.iterator] = URLSearchParams.prototype.entries;

  var ABSOLUTE = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/;

  function URL(url, base) {
    url = String(url);
    var m = ABSOLUTE.exec(url);
    if (!m) {
      if (base === undefined) throw new TypeError('Invalid URL: ' + url);
      var b = new URL(base);
      var rest = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url);
      var path = rest[1];
      if (url.slice(0, 2) === '//') return new URL(b.protocol + url);
      if (path === '') path = b.pathname;
      else if (path.charAt(0) !== '/') path = b.pathname.replace(/[^/]*$/, '') + path;
      m = [url, b.protocol, b.host, path, rest[2] || (rest[1] === '' && !rest[2] ? b.search : ''), rest[3]];
    }
    this.protocol = m[1].toLowerCase();
    this.host = (m[2] || '').toLowerCase();
    var colon = this.host.lastIndexOf(':');
    this.hostname = colon > 0 && this.host.indexOf(']') < colon ? this.host.slice(0, colon) : this.host;
    this.port = colon > 0 && this.host.indexOf(']') < colon ? this.host.slice(colon + 1) : '';
    this.pathname = normalise(m[3] || (m[2] !== undefined ? '/' : ''));
    this.search = m[4] && m[4] !== '?' ? m[4] : '';
    this.hash = m[5] && m[5] !== '#' ? m[5] : '';
    this.origin = m[2] !== undefined ? this.protocol + '//' + this.host : 'null';
    this.searchParams = new URLSearchParams(this.search);
    this.username = '';
    this.password = '';
  }
  function normalise(path) {
    if (path.charAt(0) !== '/') return path;
    var out = [];
    var parts = path.split('/');
    for (var i = 1; i < parts.length; i++) {
      if (parts[i] === '..') out.pop();
      else if (parts[i] !== '.') out.push(parts[i]);
      else if (i === parts.length - 1) out.push('');
    }
    return '/' + out.join('/');
  }
  Object.defineProperty(URL.prototype, 'href', {
    get: function () {
      return (this.origin === 'null' ? this.protocol : this.origin) + this.pathname + this.search + this.hash;
    },
  });
  URL.prototype.toString = function () {
    return this.href;
  };
  URL.prototype.toJSON = URL.prototype.toString;

  global.URL = URL;
  global.URLSearchParams = URLSearchParams;
})(globalThis);
